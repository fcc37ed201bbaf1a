import { RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import { roll as rollFormula } from '../dice/formula';
import type { AttackResult } from './attack';
import { applyChange, applyDamage, rollDamage, type Applied, type DamageResult } from './damage';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from './options';
import { resolveArquebusMishap, type ArquebusMishap } from './reload';
import { rollCharacteristic, rollPercent, type PercentRoll } from './resolution';
import { skillValue } from './skills';
import type { FantasiaCombatant, RuleId } from './types';
import { withStates } from './weapons';

export type FumbleOptionId =
  | 'weaponBreaks'
  | 'loseBalance'
  | 'hitFriend'
  | 'bowString'
  | 'crossbowJammed'
  | 'improviseFall'
  | 'improviseStuck'
  | 'improviseNothing'
  | 'arquebusChance';

export interface FumbleOption {
  readonly id: FumbleOptionId;
  readonly rule: RuleId;
  readonly key: string;
  /** The option needs a friend to hit. */
  readonly needsFriend?: boolean;
}

const opt = (id: FumbleOptionId, rule: RuleId, extra: Partial<FumbleOption> = {}): FumbleOption => ({
  id,
  rule,
  key: `PDA.Fantasia.Fumble.${id}`,
  ...extra,
});

const IMPROVISE: readonly FumbleOption[] = [
  opt('improviseFall', 'F-H8'),
  opt('improviseStuck', 'F-H8'),
  opt('improviseNothing', 'F-H8'),
];

/**
 * The GM's choices after a fumble, by weapon: melee (F-H6) weapon breaks / lose balance / hit a
 * friend; bow or crossbow (F-H7) hit a friend / string or mechanism fails; Bagarre and Lutte
 * (F-H8) narrative suggestions; arquebus (F-W6) the Chance roll. Thrown weapons and other
 * missile weapons (F-H9 ruling): hit a friend or improvise.
 */
export function fumbleOptions(attack: AttackResult): FumbleOption[] {
  if (!attack.fumble) return [];
  const w = attack.weapon;
  if (w.kind === 'firearm') return [opt('arquebusChance', 'F-W6')];
  if (w.kind === 'unarmed') return [...IMPROVISE];
  if (w.reload === 'bow') return [opt('hitFriend', 'F-H7', { needsFriend: true }), opt('bowString', 'F-H7')];
  if (w.reload === 'crossbow')
    return [opt('hitFriend', 'F-H7', { needsFriend: true }), opt('crossbowJammed', 'F-H7')];
  if (w.kind === 'thrown' || w.kind === 'missile' || w.kind === 'siege') {
    return [opt('hitFriend', 'F-H9', { needsFriend: true }), ...IMPROVISE];
  }
  return [
    opt('weaponBreaks', 'F-H6'),
    opt('loseBalance', 'F-H6'),
    opt('hitFriend', 'F-H6', { needsFriend: true }),
  ];
}

export interface FumbleContext {
  readonly attacker: FantasiaCombatant;
  /** The friend hit instead of the target. */
  readonly friend?: FantasiaCombatant;
}

export interface FumbleOutcome {
  readonly option: FumbleOptionId;
  /** The attacker after the fumble, with an undoable diff. */
  readonly attacker: Applied;
  readonly roll?: PercentRoll;
  readonly friendDamage?: DamageResult;
  readonly friend?: Applied;
  readonly arquebus?: ArquebusMishap;
  readonly rule: readonly RuleId[];
}

/** Applies the option the GM picked (one of fumbleOptions(attack)). */
export function resolveFumble(
  attack: AttackResult,
  optionId: FumbleOptionId,
  context: FumbleContext,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): FumbleOutcome {
  const option = fumbleOptions(attack).find((o) => o.id === optionId);
  if (!option) throw new RulesError('PDA.Error.FumbleOption', { option: optionId });
  const { attacker } = context;
  if (attacker.id !== attack.attackerId) {
    throw new RulesError('PDA.Error.WrongCombatant', { expected: attack.attackerId, got: attacker.id });
  }
  const w = attack.weapon;
  const rule: RuleId[] = [option.rule];
  switch (optionId) {
    case 'weaponBreaks':
      return {
        option: optionId,
        attacker: applyChange(
          attacker,
          0,
          { weaponBroken: [...(attacker.states.weaponBroken ?? []), w.id] },
          rule,
        ),
        rule,
      };
    case 'loseBalance': {
      const roll = rollCharacteristic(attacker.characteristics.DEX, 3, dice, 'F-H6', [], options);
      const patch = roll.success ? { skipNextAttack: true } : { skipNextAttack: true, fallen: true };
      return { option: optionId, attacker: applyChange(attacker, 0, patch, rule), roll, rule };
    }
    case 'hitFriend': {
      const friend = context.friend;
      if (!friend) throw new RulesError('PDA.Error.NeedFriend', { rule: option.rule });
      const asHit: AttackResult = {
        ...attack,
        defenderId: friend.id,
        hit: true,
        critical: false,
        fumble: false,
        knockOut: false,
        firearmMishap: false,
      };
      const { thrust: _ignored, ...plain } = asHit;
      const friendDamage = rollDamage(plain, attacker, friend, undefined, dice, options);
      return {
        option: optionId,
        attacker: applyChange(attacker, 0, {}, rule),
        friendDamage,
        friend: applyDamage(friend, friendDamage),
        rule,
      };
    }
    case 'bowString':
    case 'crossbowJammed':
      return {
        option: optionId,
        attacker: applyChange(
          attacker,
          0,
          { jammed: { weaponId: w.id, cause: optionId === 'bowString' ? 'bowString' : 'crossbow' } },
          rule,
        ),
        rule,
      };
    case 'improviseFall':
      return { option: optionId, attacker: applyChange(attacker, 0, { fallen: true }, rule), rule };
    case 'improviseStuck':
      return {
        option: optionId,
        attacker: applyChange(attacker, 0, { weaponBound: { weaponId: w.id } }, rule),
        rule,
      };
    case 'improviseNothing':
      return { option: optionId, attacker: applyChange(attacker, 0, {}, rule), rule };
    case 'arquebusChance': {
      const arquebus = resolveArquebusMishap(attacker, w.id, dice, options);
      return { option: optionId, attacker: arquebus.applied, arquebus, rule: arquebus.rule };
    }
  }
}

/**
 * F-H7: a Bricolage roll to repair a jammed crossbow (or restring a bow). On a success the repair
 * takes 1d2 rounds (ruling: "one or two rounds"); on a failure it may be tried again next round.
 */
export function repairJammed(
  c: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): { combatant: FantasiaCombatant; roll: PercentRoll; rounds?: number; rule: readonly RuleId[] } {
  const jam = c.states.jammed;
  if (!jam) throw new RulesError('PDA.Error.NotJammed', { name: c.name, rule: 'F-H7' });
  if (jam.repairRoundsLeft !== undefined)
    throw new RulesError('PDA.Error.AlreadyRepairing', { name: c.name, rule: 'F-H7' });
  const roll = rollPercent(skillValue(c, 'bricolage'), [], dice, options, ['F-H7']);
  if (!roll.success) return { combatant: c, roll, rule: ['F-H7'] };
  const rounds = rollFormula('1d2', dice).total;
  return {
    combatant: withStates(c, { jammed: { ...jam, repairRoundsLeft: rounds } }),
    roll,
    rounds,
    rule: ['F-H7'],
  };
}
