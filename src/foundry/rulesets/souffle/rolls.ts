import { postTemplateCard } from '../../chat';
import type { Dice } from '../../../engine/dice/port';
import { resolveAttack, type AttackInput, type AttackResult } from '../../../engine/souffle/attack';
import { sheetAttackInput } from '../../../engine/souffle/exchange';
import type { SouffleWeapon } from '../../../engine/souffle/equipment';
import type { SouffleFighter } from '../../../engine/souffle/fighter';
import { rollLevel, type LadderRoll } from '../../../engine/souffle/ladder';
import type { SouffleOptions } from '../../../engine/souffle/options';
import { withFoundryDice, type DieRoller } from '../../dice';
import { notifyError, t } from '../../i18n';
import { diceWords } from './dice-words';
import { souffleOptionsFromSettings } from './settings';

const K = 'PDA.Souffle';

interface EngineActor {
  name?: string | null;
  system: { toEngine(): SouffleFighter; engineWeapons(): SouffleWeapon[] };
  items: { get(id: string): { system: unknown } | undefined };
}

export { sheetAttackInput };

function diceView(roll: LadderRoll) {
  return roll.rolls.map((d) => ({ faces: d.faces, value: d.value, kept: d.kept }));
}

/** What an attack card shows. */
export function attackCardContext(
  actorName: string,
  weaponName: string,
  input: AttackInput,
  attack: AttackResult,
) {
  return {
    actorName,
    weaponName,
    kind: `${K}.Card.${attack.kind}`,
    characteristic: `${K}.Characteristic.${input.characteristic.id}`,
    characteristicValue: input.characteristic.value,
    metier: input.metier,
    level: attack.level > 0 ? `+${attack.level}` : String(attack.level),
    formula: diceWords(attack.roll.dice, (x) => t(x.key, x.data ? { ...x.data } : undefined)),
    dice: diceView(attack.roll),
    die: attack.die,
    weaponDamage: attack.weaponDamage,
    statsDamage: attack.statsDamage,
    potential: attack.potential,
    maxForce: attack.maxForce,
    twoWeapons: (input.weapons ?? []).length === 2,
    // The parts every card shows (templates/chat/parts/): header, badge, rows with their rules.
    title: t('PDA.Chat.Title.Attack', { attacker: actorName, weapon: weaponName }),
    subtitle: t(`${K}.Card.${attack.kind}`),
    check: {
      roll: String(attack.potential),
      target: '',
      level: 'attente',
      levelLabel: t('PDA.Souffle.Chat.Badge.Potential'),
    },
    rows: [
      {
        label: t(`${K}.Card.level`),
        value: attack.level > 0 ? `+${attack.level}` : String(attack.level),
        rule: attack.kind === 'melee' ? 'S-AT1' : 'S-AT4',
      },
      {
        label: t('PDA.Souffle.Chat.Row.Dice'),
        value: t('PDA.Souffle.Dice.Rolled', {
          dice: diceWords(attack.roll.dice, (x) => t(x.key, x.data ? { ...x.data } : undefined)),
          values: attack.roll.rolls
            .map((d) => (d.kept && attack.roll.rolls.length > 1 ? `[${d.value}]` : String(d.value)))
            .join(', '),
        }),
        rule: 'S-A1',
      },
      {
        label: t(`${K}.Characteristic.${input.characteristic.id}`),
        value: String(input.characteristic.value),
      },
      { label: t(`${K}.Card.metier`), value: String(input.metier) },
      { label: t('PDA.Souffle.Chat.Row.WeaponDamage'), value: `+${attack.weaponDamage}`, rule: 'S-A3' },
      ...(attack.statsDamage
        ? [{ label: t('PDA.Souffle.Chat.Row.StatsDamage'), value: `+${attack.statsDamage}` }]
        : []),
      { label: t(`${K}.Card.potential`), value: String(attack.potential), css: 'pda-row--total' },
    ],
    notes: [
      ...((input.weapons ?? []).length === 2 ? [{ text: t(`${K}.Card.twoWeapons`) }] : []),
      ...(attack.maxForce > 0
        ? [{ text: t('PDA.Souffle.Chat.ForceRoom', { n: attack.maxForce }), rule: 'S-AT2' }]
        : []),
    ],
  };
}

/** Rolls an attack with one of the actor's weapons and posts its potential damage. */
export async function attackWithWeapon(
  actor: EngineActor,
  itemId: string,
  roller?: DieRoller,
  options: SouffleOptions = souffleOptionsFromSettings(),
): Promise<AttackResult | null> {
  try {
    const item = actor.items.get(itemId) as
      { name?: string; system: { toEngine?: () => SouffleWeapon } } | undefined;
    const weapon = item?.system.toEngine?.();
    if (!item || !weapon) return null;
    const fighter = actor.system.toEngine();
    const input = sheetAttackInput(fighter, weapon, actor.system.engineWeapons());
    const { value, rolls } = await withFoundryDice(
      (dice: Dice) => resolveAttack(input, dice, options),
      roller,
    );
    await postTemplateCard(
      actor,
      'souffle/chat/attack.hbs',
      attackCardContext(actor.name ?? '', item.name ?? '', input, value),
      rolls,
    );
    return value;
  } catch (error) {
    notifyError(error);
    return null;
  }
}

/** Rolls the initiative dice (S-R3) and posts them. */
export async function rollInitiativeCard(
  actor: EngineActor,
  roller?: DieRoller,
  options: SouffleOptions = souffleOptionsFromSettings(),
): Promise<number | null> {
  try {
    const fighter = actor.system.toEngine();
    const { value, rolls } = await withFoundryDice(
      (dice: Dice) => rollLevel(options.ladder, fighter.initiative, dice),
      roller,
    );
    const total = value.value + (options.initiativeAddsScore ? fighter.initiative : 0);
    await postTemplateCard(
      actor,
      'souffle/chat/initiative.hbs',
      {
        actorName: actor.name ?? '',
        formula: diceWords(value.dice, (x) => t(x.key, x.data ? { ...x.data } : undefined)),
        dice: diceView(value),
        total,
        guerrier: fighter.disciplines.some((d) => d.toLowerCase() === 'guerrier'),
      },
      rolls,
    );
    return total;
  } catch (error) {
    notifyError(error);
    return null;
  }
}
