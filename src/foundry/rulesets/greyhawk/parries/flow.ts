import { RulesError } from '../../../../engine/core/errors';
import { refusalRule } from '../../../../engine/greyhawk/refusals';
import type { ExchangeSide } from '../../../../engine/core/exchange';
import {
  GREYHAWK_PARRY_EXCHANGE,
  greyhawkParryExchange,
  newParryState,
  shieldParryKeepsAc,
  parryRefusal,
  shieldParryRefusal,
  type ParryEffect,
  type ParryLogEntry,
  type ParryState,
  type ParryView,
} from '../../../../engine/greyhawk/exchange/parry';
import type { Modifier, ShieldKind } from '../../../../engine/greyhawk/types';
import { conditionStatusWrites } from '../conditions';
import {
  flowFromExchange,
  type ExchangeBinding,
  type CardFlow,
  type CardRow,
  type CardSection,
  type CardSnapshot,
  type DocumentWrite,
  type FlowEnv,
  type CardOpener,
  type OpenedCard,
} from '../../../chat';
import { object, oneOf, optional, type Schema } from '../../../security';
import { greyhawkOptionsNow } from '../cards/attack-state';
import {
  attacksSince,
  combatOf,
  earlierAttackKeys,
  foesOf,
  greyhawkDoc,
  parryCardsThisRound,
  weaponOf,
  parrierWithinReach,
} from './view';

/**
 * The parry card (G-PA1..G-PA3): the engine's parry exchange on the card host. The card belongs
 * to the parrier (its actor), names the fighter it defends (itself, or for a polearm someone
 * else: its target), and lives for one combat round. Its buttons keep the parry for a foe, or
 * parry one of the attacks made against the defended fighter since it was opened; a successful
 * parry marks that fighter (a status the attack card reads: no damage) and wears a missile weapon.
 */

export const GREYHAWK_PARRY_FLOW = GREYHAWK_PARRY_EXCHANGE;
const K = 'PDA.Greyhawk.Parry';

/** What the card stores besides the engine's state: attack cards posted before it. */
export interface ParryCardState extends ParryState {
  readonly earlier: readonly string[];
}

type Card = CardSnapshot<ParryCardState>;

function currentRound(card: Card): number {
  const combat = card.combatId
    ? (game.combats as unknown as { get(id: string): { round?: number } | undefined } | undefined)?.get(
        card.combatId,
      )
    : undefined;
  return combat ? Number(combat.round ?? 0) : card.round;
}

function parryView(card: Card, env: FlowEnv): ParryView {
  const parrierDoc = env.resolve(card.actorUuid);
  const parrier = greyhawkDoc(parrierDoc, card.state.parrierName);
  const { weapon, state } = weaponOf(parrier, card.itemId);
  const defended = card.targets[0];
  if (!defended) throw new RulesError('PDA.Error.CardNoTarget');
  const victim = env.resolve(defended.actorUuid);
  const protects = card.state.protects !== undefined;
  const reach = (attackerUuid: string) =>
    protects ? parrierWithinReach(parrierDoc, env.resolve(attackerUuid), victim) : undefined;
  return {
    parrier: parrier.system.toEngine(),
    weapon,
    weaponState: state,
    attacks: attacksSince(defended.actorUuid, card.state.earlier, env.resolve, reach),
    foes: foesOf(parrierDoc, card.combatId).filter((f) => f.name !== defended.name || !protects),
    round: currentRound(card),
    shield: shieldOf(parrier),
    options: greyhawkOptionsNow(),
  };
}

/** The shield the actor carries now ('' = none), as its sheet holds it. */
function shieldOf(doc: { readonly system: { readonly shield?: string } }): ShieldKind | '' {
  const s = doc.system.shield;
  return s === 'buckler' || s === 'small' || s === 'medium' || s === 'large' ? s : '';
}

function owners(side: ExchangeSide, card: Card): readonly string[] {
  if (side === 'attacker') return [card.actorUuid];
  if (side === 'defender') return card.targets.map((x) => x.actorUuid);
  return [];
}

function writes(effects: readonly ParryEffect[], card: Card): DocumentWrite[] {
  const out: DocumentWrite[] = [];
  for (const e of effects) {
    const uuid = e.fighter === 'attacker' ? card.actorUuid : (card.targets[0]?.actorUuid ?? '');
    // G-PA1 the mark is a Greyhawk condition effect like the others (conditions.ts).
    if (e.type === 'condition') out.push({ uuid, update: {}, statuses: conditionStatusWrites([e]) });
    else if (e.type === 'item') out.push({ uuid, itemId: e.itemId, update: { system: { [e.field]: e.to } } });
  }
  return out;
}

// -------------------------------------------------------------------------------------- context

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

function modifierRows(env: FlowEnv, mods: readonly Modifier[]): CardRow[] {
  return mods.map((m) => ({
    label: env.t({ key: m.label }),
    value: signed(m.value),
    ...(m.source !== 'base' ? { rule: m.source } : {}),
  }));
}

function logSection(entry: ParryLogEntry, env: FlowEnv, rule: string): CardSection {
  const L = (key: string, data?: Record<string, string | number>) =>
    env.t({ key: `${K}.${key}`, ...(data ? { data } : {}) });
  const a = entry.attack;
  const rows: CardRow[] = [
    { label: L('Row.Roll'), value: String(a.natural ?? '—'), rule },
    ...modifierRows(env, a.modifiers),
    { label: L('Row.Needed'), value: String(a.needed) },
    { label: L('Row.Total'), value: String(a.total ?? '—'), css: 'pda-row--total' },
  ];
  const notes: { text: string; rule?: string }[] = [
    { text: L(entry.parried ? 'Parried' : 'NotParried', { name: entry.attackerName }), rule },
  ];
  const w = entry.wear;
  if (w) {
    if (w.magicTo !== w.magicFrom)
      notes.push({ text: L('Wear.Magic', { from: w.magicFrom, to: w.magicTo }), rule: 'G-PA3' });
    if (w.ruined) notes.push({ text: L('Wear.Ruined'), rule: 'G-PA3' });
    rows.push({ label: L('Row.Save'), value: `${w.save.roll} / ${w.save.target}`, rule: 'G-PA3' });
    notes.push({ text: L(w.broken ? 'Wear.Broken' : 'Wear.Saved'), rule: 'G-PA3' });
  }
  return {
    title: L('Section.Parry', { name: entry.attackerName }),
    css: entry.parried ? 'pda-greyhawk-parried' : 'pda-greyhawk-not-parried',
    rows,
    notes,
  };
}

export function parryContext(card: Card, env: FlowEnv) {
  const s = card.state;
  const L = (key: string, data?: Record<string, string | number>) =>
    env.t({ key: `${K}.${key}`, ...(data ? { data } : {}) });
  const rule = s.shield ? 'G-ST3' : s.protects ? 'G-PA2' : 'G-PA1';
  const notes: { text: string; rule?: string }[] = [];
  // G-ST3: a shield parry forfeits the shield's AC to the round's end; the specialist keeps it.
  if (s.shield)
    notes.push({ text: L(s.shieldKeepsAc === false ? 'ShieldForfeitsAc' : 'ShieldKeepsAc'), rule: 'G-ST3' });
  if (s.protects) notes.push({ text: L('Protects', { name: s.protects.name }), rule: 'G-PA2' });
  if (s.heldFor && s.left > 0) notes.push({ text: L('HeldFor', { name: s.heldFor.name }), rule: 'G-PA1' });
  notes.push({ text: L(s.left > 0 ? 'Left' : 'Spent', { round: s.round }), rule: 'G-PA1' });
  return {
    title: L('Title', { name: s.parrierName }),
    subtitle: s.shield ? env.t({ key: `PDA.Greyhawk.Shield.${s.shield}` }) : s.weaponName,
    sections: [
      { title: L('Section.Round', { round: s.round }), css: 'pda-greyhawk-parry', rows: [], notes },
      ...s.log.map((e) => logSection(e, env, rule)),
    ],
  };
}

export const greyhawkParryBinding: ExchangeBinding<ParryCardState, ParryView, ParryEffect> = {
  id: GREYHAWK_PARRY_FLOW,
  ruleset: 'greyhawk',
  machine: {
    id: GREYHAWK_PARRY_EXCHANGE,
    actions: (step, state, view) => greyhawkParryExchange.actions(step, state, view),
    perform: (step, state, view, actionId, dice) => {
      const next = greyhawkParryExchange.perform(step, state, view, actionId, dice);
      return { ...next, state: { ...next.state, earlier: state.earlier } };
    },
  },
  view: parryView,
  owners,
  writes,
  context: parryContext,
};

// --------------------------------------------------------------------------------------- opener

export interface ParryChoices {
  /** 'self', or 'other' for a polearm parry on behalf of the card's target (G-PA2). */
  readonly defend: 'self' | 'other';
  /** G-ST3: parry with the shield instead of the weapon (a specialist's). */
  readonly with?: 'weapon' | 'shield';
}

const PARRY_CHOICES = object({
  defend: oneOf(['self', 'other'] as const),
  with: optional(oneOf(['weapon', 'shield'] as const)),
}) as unknown as Schema<ParryChoices>;

/** A parry's refusal naming the rule it comes from (G-W2, G-PA1..G-PA4, G-ST3). */
function cited(error: RulesError): RulesError {
  const cite = refusalRule(error.key, 'G-PA1');
  return new RulesError(error.key, { ...error.data, cite });
}

/** GM side: one parry card for the round, refused at once when the weapon cannot parry. */
export const greyhawkParryOpener: CardOpener<ParryChoices> = {
  choices: PARRY_CHOICES,
  async open(request, newEnv) {
    const parrier = greyhawkDoc(request.actor, String((request.actor as { name?: string }).name ?? ''));
    const { weapon, state } = weaponOf(parrier, request.itemId);
    const other = request.choices.defend === 'other';
    const defended = other
      ? request.targets.find((x) => x.actorUuid !== parrier.uuid)
      : { actorUuid: parrier.uuid, tokenUuid: request.tokenUuid, name: parrier.name };
    if (!defended) throw new RulesError('PDA.Error.CardNoTarget');
    const withShield = request.choices.with === 'shield';
    const shield = shieldOf(parrier);
    const engine = parrier.system.toEngine();
    const refusal = withShield
      ? shieldParryRefusal(engine, shield, other)
      : parryRefusal(engine, weapon, state, other);
    if (refusal) throw cited(refusal);
    const combat = combatOf(parrier);
    if (combat.id && parryCardsThisRound(parrier.uuid, combat.id, combat.round) > 0)
      throw cited(new RulesError('PDA.Error.Greyhawk.NoParryLeft'));
    const cardState: ParryCardState = {
      ...newParryState({
        parrierName: parrier.name,
        weaponName: weapon.name,
        itemId: request.itemId,
        round: combat.round,
        ...(withShield && shield ? { shield, shieldKeepsAc: shieldParryKeepsAc(engine) } : {}),
        ...(other ? { protects: { id: defended.actorUuid, name: defended.name } } : {}),
      }),
      earlier: earlierAttackKeys(defended.actorUuid),
    };
    const card: CardSnapshot<ParryCardState> = {
      ruleset: 'greyhawk',
      flow: GREYHAWK_PARRY_FLOW,
      step: 'ready',
      revision: 0,
      actorUuid: parrier.uuid,
      tokenUuid: request.tokenUuid,
      itemId: request.itemId,
      targets: [defended],
      combatId: combat.id,
      round: combat.round,
      state: cardState,
    };
    const opened: OpenedCard = { card, env: newEnv() };
    return { cards: [opened] };
  },
};

export const greyhawkParryFlow: CardFlow<ParryCardState> = {
  ...flowFromExchange(greyhawkParryBinding),
  opener: greyhawkParryOpener,
};
