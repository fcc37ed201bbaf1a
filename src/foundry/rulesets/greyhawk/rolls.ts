import type { Dice } from '../../../engine/dice/port';
import {
  resolveAttack,
  rollDamage,
  type AttackContext,
  type AttackResult,
  type CalledShot,
  type DamageResult,
} from '../../../engine/greyhawk/attack';
import type { GreyhawkCharacter, GreyhawkWeapon, Modifier, Size } from '../../../engine/greyhawk/types';
import { templatePath } from '../../constants';
import { withFoundryDice, type DieRoller } from '../../dice';
import { notifyError, t } from '../../i18n';
import { greyhawkOptionsFromSettings } from './settings';

export interface GreyhawkAttackRoll {
  readonly attack: AttackResult;
  readonly damage?: DamageResult;
}

export interface AttackTargetInput {
  readonly name: string;
  readonly ac: number;
  readonly size: Size;
}

export interface AttackInput {
  readonly distance?: number;
  readonly calledShot?: CalledShot;
}

/** The engine step: attack roll, then damage on a hit. */
export function attackStep(
  attacker: GreyhawkCharacter,
  weapon: GreyhawkWeapon,
  target: AttackTargetInput,
  input: AttackInput = {},
) {
  const options = greyhawkOptionsFromSettings();
  const ctx: AttackContext = {
    attacker,
    weapon,
    target: { ac: target.ac, size: target.size, name: target.name },
    ...(!weapon.melee ? { distance: input.distance ?? weapon.ranges?.short ?? 0 } : {}),
    ...(input.calledShot ? { calledShot: input.calledShot } : {}),
  };
  return (dice: Dice): GreyhawkAttackRoll => {
    const attack = resolveAttack(ctx, dice, options);
    if (attack.outcome !== 'hit') return { attack };
    return { attack, damage: rollDamage(ctx, dice) };
  };
}

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

function modifierRows(mods: readonly Modifier[]) {
  return mods.map((m) => ({
    label: m.label,
    value: signed(m.value),
    rule: m.source === 'base' ? '' : m.source,
  }));
}

/** What the attack card shows: the d20, the total against THAC0 − AC, and every modifier's rule. */
export function attackCardContext(
  actorName: string,
  weapon: GreyhawkWeapon,
  target: AttackTargetInput,
  roll: GreyhawkAttackRoll,
) {
  const a = roll.attack;
  return {
    actorName,
    weaponName: weapon.name,
    targetName: target.name,
    targetAc: target.ac,
    natural: a.natural ?? '—',
    total: a.total ?? '—',
    needed: a.needed,
    thac0: a.thac0,
    hit: a.outcome === 'hit',
    outcomeLabel: `PDA.Greyhawk.Card.${a.outcome === 'hit' ? 'Hit' : 'Miss'}`,
    automaticLabel: a.automatic ? `PDA.Greyhawk.Card.Automatic.${a.automatic}` : '',
    modifiers: modifierRows(a.modifiers),
    damage: roll.damage?.total,
    damageFormula: roll.damage?.roll.formula,
    damageModifiers: modifierRows(roll.damage?.modifiers ?? []),
    // The parts every card shows (templates/chat/parts/): header, result badge, rows.
    title: t('PDA.Chat.Title.Attack', { attacker: actorName, weapon: weapon.name }),
    subtitle: target.name ? t('PDA.Greyhawk.Card.AgainstAc', { name: target.name, ac: target.ac }) : '',
    check: {
      roll: String(a.total ?? '—'),
      target: String(a.needed),
      level: a.outcome === 'hit' ? 'reussite' : 'echec',
      levelLabel: t(`PDA.Greyhawk.Card.${a.outcome === 'hit' ? 'Hit' : 'Miss'}`),
    },
    rows: [
      { label: t('PDA.Greyhawk.Cards.Row.D20'), value: String(a.natural ?? '—') },
      ...modifierRows(a.modifiers).map((m) => ({ ...m, label: t(m.label) })),
      {
        label: t('PDA.Greyhawk.Cards.Row.Needed'),
        value: t('PDA.Greyhawk.Cards.Row.NeededValue', {
          thac0: a.thac0,
          ac: a.thac0 - a.needed,
          needed: a.needed,
        }),
      },
    ],
    notes: a.automatic ? [{ text: t(`PDA.Greyhawk.Card.Automatic.${a.automatic}`) }] : [],
    damageRows: roll.damage
      ? [
          { label: t('PDA.Greyhawk.Cards.Row.Dice'), value: roll.damage.roll.formula },
          ...modifierRows(roll.damage.modifiers).map((m) => ({ ...m, label: t(m.label) })),
          {
            label: t('PDA.Greyhawk.Cards.Row.Damage'),
            value: String(roll.damage.total),
            css: 'pda-row--total',
          },
        ]
      : [],
  };
}

interface EngineActor {
  name?: string | null;
  system: { toEngine(): GreyhawkCharacter };
  items: { get(id: string): { system: unknown } | undefined };
}

/** Rolls an attack with one of the actor's weapons and posts the card. */
export async function rollGreyhawkAttack(
  actor: EngineActor,
  weaponId: string,
  target: AttackTargetInput = { name: '', ac: 10, size: 'M' },
  input: AttackInput = {},
  roller?: DieRoller,
): Promise<GreyhawkAttackRoll | null> {
  try {
    const system = actor.items.get(weaponId)?.system as { toEngine?: () => GreyhawkWeapon } | undefined;
    if (!system?.toEngine) return null;
    const weapon = system.toEngine();
    const { value, rolls } = await withFoundryDice(
      attackStep(actor.system.toEngine(), weapon, target, input),
      roller,
    );
    const content = await foundry.applications.handlebars.renderTemplate(
      templatePath('greyhawk/attack-card.hbs'),
      attackCardContext(actor.name ?? '', weapon, target, value),
    );
    // A narrow view of the configured ChatMessage class keeps the type checker's work small.
    const Message = CONFIG.ChatMessage.documentClass as unknown as {
      getSpeaker(options: { actor: unknown }): unknown;
      create(data: { content: string; rolls: Roll[]; speaker: unknown }): Promise<unknown>;
    };
    const speaker = Message.getSpeaker({ actor });
    await Message.create({ content, rolls, speaker });
    return value;
  } catch (error) {
    notifyError(error);
    return null;
  }
}
