import {
  defaultStyleAnswers,
  isPair,
  reactionAdjustment,
  type AttackerStyleFacts,
  type StyleAnswers,
} from '../../../../engine/greyhawk/style-use';
import type { MoveTaken } from '../../../../engine/greyhawk/styles';
import type { GreyhawkCharacter, GreyhawkWeapon } from '../../../../engine/greyhawk/types';
import { t } from '../../../i18n';
import { bool, int, object, oneOf, optional, type Schema } from '../../../security';
import { attackerStyleFacts } from './facts';

/*
 * The style part of the Greyhawk attack dialog (G-ST1..G-ST6, G-H1): it shows what the documents
 * know (the second weapon, the grip, the shield, the mount and its movement) and asks only which
 * hand strikes, whether the other hand strikes too, different manoeuvres, the archer's move and
 * the mount's movement this round.
 */

const S = 'PDA.Greyhawk.Style';
const MOVES: readonly MoveTaken[] = ['none', 'half', 'full'];

/** The style fieldset's context (pure; the gallery renders it too). */
export function styleDialogContext(
  attacker: GreyhawkCharacter,
  weapon: GreyhawkWeapon,
  facts: AttackerStyleFacts,
  answers: StyleAnswers,
) {
  const missile = !weapon.melee;
  // A javelin or a dagger may be thrown from the saddle too (ruling mountedThrowing): its mount's run is asked.
  const fromSaddle = facts.mount !== undefined && (missile || (weapon.ranges?.long ?? 0) > 0);
  const pair = isPair(weapon, facts, missile);
  const grip = weapon.hands === 2 ? 'two' : weapon.hands === 'either' ? facts.grip : 'one';
  const freeHand = !missile && !pair && !facts.shield && grip === 'one';
  const shieldUse = !missile && !pair && facts.shield && weapon.hands !== 2;
  const styleRule = pair ? 'G-ST4' : shieldUse ? 'G-ST3' : 'G-ST1';
  const reaction = reactionAdjustment(attacker);
  const sign = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
  const facts_: { text: string; rule: string }[] = [];
  if (pair)
    facts_.push({
      text: t(`${S}.Fact.TwoWeapons`, { main: weapon.name, other: facts.otherWeapon?.name ?? '' }),
      rule: 'G-ST4',
    });
  if (weapon.hands === 'either' || weapon.hands === 2)
    facts_.push({ text: t(`${S}.Fact.Grip.${grip}`), rule: grip === 'two' ? 'G-ST2' : 'G-ST1' });
  if (shieldUse) facts_.push({ text: t(`${S}.Fact.Shield`), rule: 'G-ST3' });
  if (pair || freeHand || shieldUse)
    facts_.push({ text: t(`${S}.Fact.Reaction`, { value: sign(reaction) }), rule: styleRule });
  if (facts.mount && fromSaddle)
    facts_.push({
      text: t(`${S}.Fact.Mount`, { name: facts.mount.name, normal: facts.mount.normal }),
      rule: 'G-ST6',
    });
  const hand = answers.hand ?? 'main';
  return {
    legend: t(`${S}.Legend`),
    facts: facts_,
    melee: !missile,
    hands: (['main', 'off'] as const).map((h) => ({
      value: h,
      label: t(`${S}.Hand.${h}`),
      selected: h === hand,
    })),
    handLabel: t(`${S}.HandLabel`),
    both: pair || freeHand || shieldUse,
    bothLabel: t(pair ? `${S}.BothWeapons` : shieldUse ? `${S}.ShieldStrikes` : `${S}.FreeHandStrikes`),
    bothHands: answers.bothHands,
    pair,
    mixedLabel: t(`${S}.Mixed`),
    mixed: answers.mixedManoeuvres,
    missile,
    moves: MOVES.map((m) => ({ value: m, label: t(`${S}.Move.${m}`), selected: m === answers.missileMove })),
    moveLabel: t(`${S}.MoveLabel`),
    mounted: fromSaddle,
    mountLabel: t(`${S}.MountMoved`),
    mountMoved: answers.mountMoved,
  };
}

/** The style answers of the dialog's form. */
export function readStyleAnswers(data: FormData, fallback: StyleAnswers): StyleAnswers {
  const hand = String(data.get('styleHand') ?? fallback.hand ?? 'main');
  const move = String(data.get('missileMove') ?? fallback.missileMove);
  const moved = Math.trunc(Number(data.get('mountMoved') ?? fallback.mountMoved));
  return {
    hand: hand === 'off' ? 'off' : 'main',
    bothHands: data.has('styleHand') ? data.get('bothHands') !== null : fallback.bothHands,
    mixedManoeuvres: data.get('mixedManoeuvres') !== null,
    missileMove: (MOVES as readonly string[]).includes(move) ? (move as MoveTaken) : 'none',
    mountMoved: Number.isFinite(moved) ? Math.max(0, Math.min(999, moved)) : 0,
  };
}

/** The style answers as a request carries them. */
export const STYLE_ANSWERS: Schema<StyleAnswers | undefined> = optional(
  object({
    hand: optional(oneOf(['main', 'off'] as const)),
    bothHands: bool(),
    mixedManoeuvres: bool(),
    missileMove: oneOf(MOVES),
    mountMoved: int(0, 999),
  }),
) as unknown as Schema<StyleAnswers | undefined>;

/** The sheet side: the default style answers and the dialog's fieldset for an attack with `itemId`. */
export function styleDialogFor(
  actor: { system: { toEngine(): GreyhawkCharacter } },
  itemId: string,
  weapon: GreyhawkWeapon | undefined,
  resolve: (uuid: string) => unknown,
): { answers?: StyleAnswers; context?: ReturnType<typeof styleDialogContext> } {
  if (!weapon) return {};
  const facts = attackerStyleFacts(actor, itemId, resolve);
  const c = actor.system.toEngine();
  const answers = defaultStyleAnswers(c, weapon, facts);
  return { answers, context: styleDialogContext(c, weapon, facts, answers) };
}
