import { postTemplateCard, applyStatusWrites } from '../../chat';
import { diceOnly, evaluate, roll as rollFormula, type RollResult } from '../../../engine/dice/formula';
import type { Dice } from '../../../engine/dice/port';
import { rollPercent, type PercentRoll } from '../../../engine/fantasia/resolution';
import { skillValue } from '../../../engine/fantasia/skills';
import type {
  FantasiaCombatant,
  FantasiaWeapon,
  Modifier,
  RuleId,
  SkillId,
} from '../../../engine/fantasia/types';
import { addsDamageBonus } from '../../../engine/fantasia/weapons';
import { withFoundryDice, type DieRoller } from '../../dice';
import { notifyError, t } from '../../i18n';
import { fantasiaOptionsFromSettings } from './settings';
import { repairJammed } from '../../../engine/fantasia/fumbles';
import { RulesError } from '../../../engine/core/errors';
import { resolveUuid, uuid } from '../../chat';
import { askGM, registerQuery, type QueryPayload } from '../../queries';
import { timedStatusWrites } from './timed-states';

/** The rule a plain roll of each skill illustrates, shown on the card. */
export const SKILL_RULE: Readonly<Record<SkillId, RuleId>> = {
  bagarre: 'F-U1',
  lutte: 'F-U2',
  armesDeMelee: 'F-W1',
  armesDHast: 'F-W3',
  armesDeLancer: 'F-W4',
  armesDeTir: 'F-W4',
  armesAFeu: 'F-W4',
  esquive: 'F-D1',
  bricolage: 'F-H7',
  athletisme: 'F-B7',
  cascade: 'F-B7',
  vigilance: 'F-B7',
  artDeLaGuerre: 'F-S1',
};

/** What a skill-roll card shows. */
export function skillCardContext(actorName: string, skill: SkillId, result: PercentRoll) {
  return {
    actorName,
    title: `PDA.FantasiaUI.Skill.${skill}`,
    roll: String(result.roll === 100 ? '00' : result.roll).padStart(2, '0'),
    target: result.target,
    base: result.base,
    modifiers: result.modifiers.map((m) => ({
      key: m.key,
      value: m.value > 0 ? `+${m.value}` : String(m.value),
      rule: m.rule,
    })),
    outcome: result.outcome,
    outcomeLabel: `PDA.FantasiaUI.Outcome.${result.outcome}`,
    rules: [...result.rule],
  };
}

/** The engine step of a skill roll (pure: dice in, result out). */
export function skillRollStep(
  combatant: FantasiaCombatant,
  skill: SkillId,
  modifiers: readonly Modifier[] = [],
) {
  const options = fantasiaOptionsFromSettings();
  return (dice: Dice): PercentRoll =>
    rollPercent(skillValue(combatant, skill), modifiers, dice, options, [SKILL_RULE[skill]]);
}

interface EngineActor {
  name?: string | null;
  system: { toEngine(): FantasiaCombatant };
}

/** Rolls a skill for an actor and posts the result level and its rule to the chat. */
export async function rollSkill(
  actor: EngineActor,
  skill: SkillId,
  roller?: DieRoller,
): Promise<PercentRoll | null> {
  try {
    const combatant = actor.system.toEngine();
    const { value, rolls } = await withFoundryDice(skillRollStep(combatant, skill), roller);
    await postTemplateCard(
      actor,
      'fantasia/chat/skill-roll.hbs',
      skillCardContext(actor.name ?? '', skill, value),
      rolls,
    );
    return value;
  } catch (error) {
    notifyError(error);
    return null;
  }
}

interface RepairingActor extends EngineActor {
  effects?: unknown;
  createEmbeddedDocuments(type: 'ActiveEffect', data: Record<string, unknown>[]): Promise<unknown>;
  deleteEmbeddedDocuments(type: 'ActiveEffect', ids: string[]): Promise<unknown>;
}

/**
 * F-H7: the owner repairs a jammed crossbow (or restrings a bow) from the sheet: a Bricolage roll
 * posted to the chat; on a success the jam lasts the 1d2 rounds the repair takes, then the round
 * ends it (timed-states.ts). A failure may be tried again.
 */
export async function repairWeapon(actor: RepairingActor, roller?: DieRoller): Promise<boolean> {
  try {
    const combatant = actor.system.toEngine();
    const options = fantasiaOptionsFromSettings();
    const { value, rolls } = await withFoundryDice((dice) => repairJammed(combatant, dice, options), roller);
    await postTemplateCard(
      actor,
      'fantasia/chat/skill-roll.hbs',
      {
        ...skillCardContext(actor.name ?? '', 'bricolage', value.roll),
        ...(value.rounds
          ? { note: t('PDA.FantasiaUI.Repair.Rounds', { rounds: String(value.rounds) }) }
          : {}),
      },
      rolls,
    );
    if (!value.rounds) return false;
    await applyStatusWrites(actor, timedStatusWrites(combatant.states, value.combatant.states));
    return true;
  } catch (error) {
    notifyError(error);
    return false;
  }
}

/**
 * F-H7 from the sheet: the jam is a state only the GM writes (docs/trust.md), so the owner's
 * button asks the active GM, who checks the requester owns the actor, rolls the repair and
 * writes the state.
 */
export const REPAIR_QUERY = 'fantasia.repair';

interface RepairPayload extends QueryPayload {
  actorUuid: string;
}

export async function handleRepair(payload: RepairPayload, user: User): Promise<boolean> {
  const actor = resolveUuid(payload.actorUuid) as
    (RepairingActor & { testUserPermission?(user: User, level: 'OWNER'): boolean }) | null;
  if (!actor || typeof actor.system?.toEngine !== 'function')
    throw new RulesError('PDA.Chat.Gone.Actor', { name: payload.actorUuid });
  if (!user.isGM && actor.testUserPermission?.(user, 'OWNER') !== true)
    throw new RulesError('PDA.Error.CardNotYourActor', { name: actor.name ?? '' });
  return repairWeapon(actor);
}

export function registerRepairQuery(): void {
  registerQuery(REPAIR_QUERY, { actorUuid: uuid() }, handleRepair);
}

/** The sheet's repair button: asks the GM (refusals are shown). */
export async function requestRepair(actor: { uuid: string }): Promise<void> {
  await askGM(REPAIR_QUERY, { actorUuid: actor.uuid });
}

/** A simple attack: the weapon's skill roll, then its damage on a hit (used until the chat flow exists). */
export interface SimpleAttack {
  readonly attack: PercentRoll;
  readonly damage?: RollResult;
  /** The attacker's damage bonus, rolled in melee (F-H4). */
  readonly bonus?: RollResult;
  /** Damage dice rolled a second time on a critical (F-H5). */
  readonly critical?: RollResult;
}

export function simpleAttackStep(combatant: FantasiaCombatant, weapon: FantasiaWeapon) {
  const options = fantasiaOptionsFromSettings();
  return (dice: Dice): SimpleAttack => {
    const attack = rollPercent(skillValue(combatant, weapon.skill), [], dice, options, ['F-H1']);
    if (!attack.success) return { attack };
    const damage = rollFormula(weapon.damage, dice);
    const again = attack.outcome === 'critical' ? diceOnly(weapon.damage) : undefined;
    const critical = again ? evaluate(again, dice) : undefined;
    const bonus =
      addsDamageBonus(weapon) && combatant.damageBonus ? rollFormula(combatant.damageBonus, dice) : undefined;
    return { attack, damage, ...(critical ? { critical } : {}), ...(bonus ? { bonus } : {}) };
  };
}

/** Posts a simple attack card for one of the actor's weapons. */
export async function rollSimpleAttack(
  actor: EngineActor,
  weaponId: string,
  roller?: DieRoller,
): Promise<SimpleAttack | null> {
  try {
    const combatant = actor.system.toEngine();
    const weapon = combatant.weapons?.find((w) => w.id === weaponId);
    if (!weapon) return null;
    const { value, rolls } = await withFoundryDice(simpleAttackStep(combatant, weapon), roller);
    const total = Math.max(
      0,
      (value.damage?.total ?? 0) + (value.critical?.total ?? 0) + (value.bonus?.total ?? 0),
    );
    await postTemplateCard(
      actor,
      'fantasia/chat/attack-roll.hbs',
      {
        ...skillCardContext(actor.name ?? '', weapon.skill, value.attack),
        weaponName: weapon.name,
        damageFormula: weapon.damage,
        hit: value.attack.success,
        damage: value.damage?.total,
        critical: value.critical?.total,
        bonus: value.bonus?.total,
        total,
      },
      rolls,
    );
    return value;
  } catch (error) {
    notifyError(error);
    return null;
  }
}
