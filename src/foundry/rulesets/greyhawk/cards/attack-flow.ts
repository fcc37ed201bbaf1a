import { RulesError } from '../../../../engine/core/errors';
import type { GreyhawkOptions } from '../../../../engine/greyhawk/options';
import type {
  GreyhawkCharacter,
  GreyhawkWeapon,
  Modifier,
  ShieldKind,
  Size,
} from '../../../../engine/greyhawk/types';
import { greyhawkOptionsFromSettings } from '../settings';
import type {
  CardAction,
  CardFlow,
  CardRow,
  CardSection,
  CardSnapshot,
  DocumentWrite,
  FlowEnv,
  FlowResult,
  Text,
} from '../../../chat/flow';
import {
  conditionPatch,
  firstPart,
  followUp,
  MANOEUVRE_RULE,
  type ConditionPatch,
  type FirstPart,
  type Fighters,
  type GreyhawkChoices,
  type Outcome,
} from './steps';

/**
 * The Greyhawk attack card: the attacker's d20 against THAC0 − AC with every modifier and its rule
 * (G-P1, G-C1, G-S2…), the damage, or the engine's refusal of an illegal manoeuvre; then on the
 * same card the manoeuvre's follow-up (disarm outcome G-D2/G-D3/G-D5, STR contest G-G1/G-G2, the
 * target's stay-up check G-SH2: the defender's button) and the GM's Apply / Undo of the damage.
 */

export const GREYHAWK_ATTACK_FLOW = 'greyhawk.attack';

export interface GreyhawkApplied {
  readonly before: number;
  readonly after: number;
  readonly damage: number;
  /** The step to return to on undo. */
  readonly from: string;
  /** Conditions written on the target, and their values before (for Undo). */
  readonly conditions?: ConditionPatch;
  readonly conditionsBefore?: Record<string, unknown>;
}

export interface GreyhawkAttackState {
  readonly attackerName: string;
  readonly weaponName: string;
  readonly choices: GreyhawkChoices;
  readonly refusal?: Text;
  readonly first?: FirstPart;
  readonly outcome?: Outcome;
  readonly applied?: GreyhawkApplied;
  readonly undone: number;
}

type Card = CardSnapshot<GreyhawkAttackState>;

const K = 'PDA.Greyhawk.Cards';
const text = (key: string, data?: Record<string, string | number>): Text => (data ? { key, data } : { key });

// ------------------------------------------------------------------------------------ documents

interface GreyhawkActorDoc {
  readonly uuid: string;
  readonly name: string;
  readonly system: {
    toEngine(): GreyhawkCharacter;
    readonly ac: number;
    readonly size: string;
    readonly shield: string;
    readonly hp: { readonly value: number };
    readonly abilities: { readonly dex: number };
    readonly conditions?: GreyhawkConditions;
    damageUpdate?(damage: number): Record<string, unknown>;
  };
  readonly items: {
    get(id: string): { name?: string; system: { toEngine?: () => GreyhawkWeapon } } | undefined;
  };
}

/** The target's conditions the card writes (models/actors.ts). */
export interface GreyhawkConditions {
  readonly pinned: number;
  readonly held: boolean;
  readonly heldRounds: number;
  readonly bladeAtThroat: boolean;
  readonly disarmed: boolean;
  readonly prone: boolean;
  readonly carved: string;
  readonly clothingCut: boolean;
}

export function greyhawkActor(doc: unknown, name: string): GreyhawkActorDoc {
  const system = (doc as { system?: { toEngine?: unknown; ac?: unknown } } | null)?.system;
  if (typeof system?.toEngine !== 'function' || typeof system.ac !== 'number')
    throw new RulesError('PDA.Chat.Gone.Actor', { name });
  return doc as GreyhawkActorDoc;
}

let optionsSource: () => GreyhawkOptions = () => greyhawkOptionsFromSettings();

/** Test seam: where the cards read the world's Greyhawk options. */
export function setGreyhawkOptionsSource(source: (() => GreyhawkOptions) | null): void {
  optionsSource = source ?? (() => greyhawkOptionsFromSettings());
}

export function greyhawkOptionsNow(): GreyhawkOptions {
  return optionsSource();
}

/** Both fighters' engine views from the card's actors and weapon. */
export function fightersOf(
  attackerDoc: unknown,
  attackerName: string,
  itemId: string,
  defenderDoc: unknown,
  defenderName: string,
): Fighters {
  const a = greyhawkActor(attackerDoc, attackerName);
  const d = greyhawkActor(defenderDoc, defenderName);
  const item = a.items.get(itemId);
  const weapon = item?.system.toEngine?.();
  if (!weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: itemId });
  const shield = a.system.shield as ShieldKind | '';
  const held = d.system.conditions?.held ? d.system.conditions.heldRounds : undefined;
  const attacker = a.system.toEngine();
  const defender = d.system.toEngine();
  return {
    attacker,
    weapon: { ...weapon, name: item?.name || weapon.name },
    ...(shield ? { attackerShield: shield } : {}),
    defender,
    ...(held !== undefined
      ? { defenderHold: { holderId: attacker.id, victimId: defender.id, rounds: held } }
      : {}),
    defenderAc: d.system.ac,
    defenderSize: d.system.size as Size,
    defenderDex: d.system.abilities.dex,
  };
}

function cardFighters(card: Card, env: FlowEnv): Fighters {
  const target = card.targets[0];
  if (!target) throw new RulesError('PDA.Error.CardNoTarget');
  return fightersOf(
    env.resolve(card.actorUuid),
    card.state.attackerName,
    card.itemId,
    env.resolve(target.actorUuid),
    target.name,
  );
}

/** The attacker's part, or the refusal the card shows instead (nothing rolled, nothing changed). */
export async function openingState(
  f: Fighters,
  choices: GreyhawkChoices,
  names: { attackerName: string; weaponName: string },
  env: FlowEnv,
): Promise<{ step: string; state: GreyhawkAttackState }> {
  const base = { ...names, choices, undone: 0 };
  try {
    const run = firstPart(f, choices, greyhawkOptionsNow());
    const first = await env.roll(run);
    const settled = !first.pending && first.outcome !== undefined;
    return {
      step: settled ? 'resolved' : 'attack',
      state: { ...base, first, ...(first.outcome ? { outcome: first.outcome } : {}) },
    };
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    return { step: 'refused', state: { ...base, refusal: { key: error.key, data: { ...error.data } } } };
  }
}

// -------------------------------------------------------------------------------------- actions

function damageOf(state: GreyhawkAttackState): number {
  return state.first?.damage?.total ?? 0;
}

const hasConditions = (state: GreyhawkAttackState): boolean =>
  Object.keys(conditionPatch(state.first, state.outcome)).length > 0;

/** The conditions update for the target, and the values it replaces. */
function conditionsUpdate(
  patch: ConditionPatch,
  current: GreyhawkConditions | undefined,
): { update: Record<string, unknown>; before: Record<string, unknown> } {
  const update: Record<string, unknown> = {};
  const before: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'carve') {
      update.carved = `${current?.carved ?? ''}${String(value)}`;
      before.carved = current?.carved ?? '';
    } else {
      update[key] = value;
      before[key] =
        (current as Record<string, unknown> | undefined)?.[key] ?? (typeof value === 'number' ? 0 : false);
    }
  }
  return { update, before };
}

function followUpAction(card: Card): CardAction | undefined {
  const target = card.targets[0];
  const { first, choices } = card.state;
  if (!target || !first?.pending || card.step !== 'attack') return undefined;
  const m = choices.manoeuvre;
  const defender = m === 'seizeObject' || m === 'seizePerson' || m === 'shieldRush';
  return {
    id: 'followUp',
    label: text(`${K}.FollowUp.${m}`),
    // The defender resists a seize and keeps its feet; the disarm's fall is rolled by either side.
    owners: defender ? [target.actorUuid] : [card.actorUuid, target.actorUuid],
    enabled: true,
    rule: MANOEUVRE_RULE[m] || 'G-D1',
    style: 'primary',
  };
}

export const greyhawkAttackFlow: CardFlow<GreyhawkAttackState> = {
  id: GREYHAWK_ATTACK_FLOW,
  ruleset: 'greyhawk',

  actions(card) {
    const out: CardAction[] = [];
    const follow = followUpAction(card);
    if (follow) out.push(follow);
    const dmg = damageOf(card.state);
    const applicable = dmg > 0 || hasConditions(card.state);
    if ((card.step === 'attack' || card.step === 'resolved') && applicable && !card.state.applied) {
      out.push({
        id: 'apply',
        label: text('PDA.Chat.Action.Apply'),
        owners: [],
        enabled: !follow,
        ...(follow ? { reason: text(`${K}.FollowUpFirst`) } : {}),
        style: 'primary',
      });
    }
    if (card.step === 'applied' && card.state.applied) {
      out.push({
        id: 'undo',
        label: text('PDA.Chat.Action.Undo'),
        owners: [],
        enabled: true,
        style: 'danger',
      });
    }
    return out;
  },

  async perform(card, actionId, env): Promise<FlowResult<GreyhawkAttackState>> {
    const { state } = card;
    const target = card.targets[0];
    if (!target) throw new RulesError('PDA.Error.CardNoTarget');
    switch (actionId) {
      case 'followUp': {
        if (!state.first?.pending) throw new RulesError('PDA.Error.CardNoSuchAction');
        const f = cardFighters(card, env);
        const outcome = await env.roll(followUp(f, state.choices, greyhawkOptionsNow(), state.first.dice));
        return { step: 'resolved', state: { ...state, outcome } };
      }
      case 'apply': {
        const damage = damageOf(state);
        const defender = greyhawkActor(env.resolve(target.actorUuid), target.name);
        const before = defender.system.hp.value;
        const patch = conditionPatch(state.first, state.outcome);
        const cond = conditionsUpdate(patch, defender.system.conditions);
        const hasPatch = Object.keys(patch).length > 0;
        const hpUpdate =
          damage > 0
            ? (defender.system.damageUpdate?.(damage) ?? { system: { hp: { value: before - damage } } })
            : {};
        const hpSystem = (hpUpdate as { system?: Record<string, unknown> }).system ?? {};
        const update = {
          ...hpUpdate,
          system: { ...hpSystem, ...(hasPatch ? { conditions: cond.update } : {}) },
        };
        const after = before - damage;
        const write: DocumentWrite = { uuid: target.actorUuid, update };
        return {
          step: 'applied',
          state: {
            ...state,
            applied: {
              before,
              after,
              damage,
              from: card.step,
              ...(hasPatch ? { conditions: patch, conditionsBefore: cond.before } : {}),
            },
          },
          writes: [write],
        };
      }
      case 'undo': {
        if (!state.applied) throw new RulesError('PDA.Error.CardNothingToUndo');
        const { applied, ...rest } = state;
        return {
          step: applied.from,
          state: { ...rest, undone: state.undone + 1 },
          writes: [
            {
              uuid: target.actorUuid,
              update: {
                system: {
                  hp: { value: applied.before },
                  ...(applied.conditionsBefore ? { conditions: applied.conditionsBefore } : {}),
                },
              },
            },
          ],
        };
      }
      default:
        throw new RulesError('PDA.Error.CardNoSuchAction');
    }
  },

  context(card, env) {
    return greyhawkAttackContext(card, env);
  },
};

// -------------------------------------------------------------------------------------- context

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

function modifierRows(env: FlowEnv, mods: readonly Modifier[]): CardRow[] {
  return mods.map((m) => ({
    label: env.t(text(m.label)),
    value: signed(m.value),
    ...(m.source !== 'base' ? { rule: m.source } : {}),
  }));
}

type Note = { text: string; rule?: string };

const CONDITION_RULE: Readonly<Record<string, string>> = {
  carve: 'G-C1',
  clothingCut: 'G-C1',
  pinned: 'G-C1',
  bladeAtThroat: 'G-C1',
  disarmed: 'G-D1',
  held: 'G-G2',
  heldRounds: 'G-G2',
  prone: 'G-SH2',
};

function outcomeSection(
  o: Outcome,
  env: FlowEnv,
  L: (k: string, d?: Record<string, string | number>) => string,
) {
  const rows: CardRow[] = [];
  const notes: Note[] = [];
  if (o.kind === 'disarm') {
    const r = o.result;
    const rule =
      r.effect === 'offLine' || r.effect === 'thrown'
        ? 'G-D2'
        : r.effect === 'shieldOffLine'
          ? 'G-D3'
          : 'G-D1';
    if (r.gripCheck)
      rows.push({
        label: L('Row.GripCheck'),
        value: `${r.gripCheck.roll} / ${r.gripCheck.target}`,
        rule: 'G-D1',
      });
    notes.push({ text: L(`Disarm.${r.effect}`), rule });
    if (r.landing) notes.push({ text: L('Disarm.Landing', { ...r.landing }), rule });
    if (r.caught !== undefined)
      notes.push({ text: L(r.caught ? 'Disarm.Caught' : 'Disarm.NotCaught'), rule: 'G-D5' });
    if (r.moraleCheck) notes.push({ text: L('Disarm.Morale'), rule: 'G-D5' });
    return { title: L('Section.Disarm'), css: 'pda-greyhawk-disarm', rows, notes };
  }
  if (o.kind === 'seizeObject' || o.kind === 'seizePerson') {
    const rule = o.kind === 'seizeObject' ? 'G-G1' : 'G-G2';
    const contest = o.result.contest;
    contest?.rolls.forEach((r, i) =>
      rows.push({
        label: L('Row.ContestRound', { n: i + 1 }),
        value: L('Row.ContestValue', {
          a: r.attackerRoll,
          am: signed(r.attackerMargin),
          d: r.defenderRoll,
          dm: signed(r.defenderMargin),
        }),
        rule: 'G-G1',
      }),
    );
    if (o.kind === 'seizePerson' && o.result.holderStr !== undefined)
      rows.push({ label: L('Row.HolderStr'), value: String(o.result.holderStr), rule: 'G-G2' });
    if (contest) {
      notes.push({ text: L(`Contest.${contest.winner}`), rule: 'G-G1' });
      if (contest.byPercent) notes.push({ text: L('Contest.ByPercent'), rule: 'G-G1' });
      if (contest.mayDrop) notes.push({ text: L('Contest.MayDrop'), rule: 'G-G1' });
    }
    if (o.kind === 'seizeObject') {
      if (o.result.itemSave)
        rows.push({
          label: L('Row.ItemSave'),
          value: `${o.result.itemSave.roll} / ${o.result.itemSave.target}`,
          rule: 'G-G1',
        });
      notes.push({ text: L(`Seize.${o.result.outcome}`), rule });
    } else if (contest) {
      notes.push({ text: L(o.result.hold ? 'Seize.held' : 'Seize.escaped'), rule });
    }
    return { title: L('Section.Contest'), css: 'pda-greyhawk-contest', rows, notes };
  }
  const r = o.result;
  if (r.stayUp) {
    rows.push(...modifierRows(env, r.stayUp.modifiers));
    rows.push({
      label: L('Row.StayUp'),
      value: `${r.stayUp.roll} / ${r.stayUp.target}`,
      rule: 'G-SH2',
      css: 'pda-total',
    });
    notes.push({ text: L(r.stayUp.standing ? 'Rush.Standing' : 'Rush.Falls'), rule: 'G-SH2' });
  }
  if (r.rusherCheck) {
    rows.push({ label: L('Row.RusherCheck'), value: String(r.rusherCheck.roll), rule: 'G-SH2' });
    notes.push({ text: L(r.rusherCheck.standing ? 'Rush.RusherStands' : 'Rush.RusherFalls'), rule: 'G-SH2' });
  }
  notes.push({ text: L(`Rush.Shield.${r.shieldAc}`), rule: 'G-SH2' });
  return { title: L('Section.StayUp'), css: 'pda-greyhawk-rush', rows, notes };
}

/** The card's sections, already localized (the template escapes them). */
export function greyhawkAttackContext(card: Card, env: FlowEnv) {
  const s = card.state;
  const L = (key: string, data?: Record<string, string | number>) => env.t(text(`${K}.${key}`, data));
  const target = card.targets[0];
  const c = s.choices;
  const manoeuvreNotes: Note[] = [];
  if (c.manoeuvre !== 'normal')
    manoeuvreNotes.push({ text: L(`Manoeuvre.${c.manoeuvre}`), rule: MANOEUVRE_RULE[c.manoeuvre] });
  if (c.calledShot)
    manoeuvreNotes.push({
      text: c.purpose
        ? `${L(`Called.${c.calledShot}`)} : ${L(`Purpose.${c.purpose}`)}`
        : L(`Called.${c.calledShot}`),
      rule: 'G-C1',
    });
  const sections: CardSection[] = [];
  if (s.refusal) {
    sections.push({
      title: L('Section.Refused'),
      css: 'pda-greyhawk-refused',
      rows: [],
      notes: [
        ...manoeuvreNotes,
        {
          text: env.t(s.refusal),
          ...(MANOEUVRE_RULE[c.manoeuvre] ? { rule: MANOEUVRE_RULE[c.manoeuvre] } : {}),
        },
      ],
    });
  }
  const first = s.first;
  if (first) {
    const a = first.attack;
    const rows: CardRow[] = [
      { label: L('Row.D20'), value: a.natural === null ? '—' : String(a.natural) },
      ...modifierRows(env, a.modifiers),
      { label: L('Row.Total'), value: a.total === null ? '—' : String(a.total), css: 'pda-total' },
      {
        label: L('Row.Needed'),
        value: L('Row.NeededValue', { thac0: a.thac0, ac: a.thac0 - a.needed, needed: a.needed }),
      },
    ];
    const notes: Note[] = [...manoeuvreNotes, { text: L(a.outcome === 'hit' ? 'Hit' : 'Miss') }];
    if (a.automatic)
      notes.push({
        text: L(`Automatic.${a.automatic}`),
        ...(a.automatic === 'helpless' ? { rule: 'G-P1' } : {}),
      });
    const called = first.called;
    if (called) {
      notes.push({ text: L(`CalledDone.${called.purpose}`, { letter: called.letter ?? '' }), rule: 'G-C1' });
      if (called.reaction) notes.push({ text: L(`Reaction.${called.reaction}`), rule: 'G-C1' });
      if (called.pinnedRounds)
        notes.push({ text: L('CalledDone.PinLimit', { rounds: called.pinnedRounds }), rule: 'G-C1' });
    }
    sections.push({
      title: L('Section.Attack'),
      css: `pda-greyhawk-attack pda-greyhawk-${a.outcome}`,
      rows,
      notes,
    });
    if (first.damage) {
      const d = first.damage;
      sections.push({
        title: L('Section.Damage'),
        css: 'pda-greyhawk-damage',
        rows: [
          { label: L('Row.Dice'), value: `${d.formula} : ${d.dice.join(', ')}` },
          ...modifierRows(env, d.modifiers),
          { label: L('Row.Damage'), value: String(d.total), css: 'pda-total' },
        ],
        notes: [],
      });
    }
    if (first.pending && card.step === 'attack')
      sections.push({
        title: L(`FollowUp.${c.manoeuvre}`),
        rows: [],
        notes: [{ text: L('Pending', { name: target?.name ?? '' }), rule: MANOEUVRE_RULE[c.manoeuvre] }],
      });
  }
  if (s.outcome) sections.push(outcomeSection(s.outcome, env, L));
  if (s.applied) {
    const appliedNotes: Note[] = [];
    if (s.applied.damage > 0)
      appliedNotes.push({
        text: L('Applied', {
          name: target?.name ?? '',
          damage: s.applied.damage,
          before: s.applied.before,
          after: s.applied.after,
        }),
      });
    for (const key of Object.keys(s.applied.conditions ?? {}).filter((k) => k !== 'heldRounds'))
      appliedNotes.push({
        text: L(`Condition.${key}`, { name: target?.name ?? '' }),
        rule: CONDITION_RULE[key] ?? 'G-C1',
      });
    sections.push({
      title: L('Section.Applied'),
      css: 'pda-greyhawk-applied',
      rows: [],
      notes: appliedNotes,
    });
  } else if (s.undone > 0) {
    sections.push({
      title: L('Section.Applied'),
      rows: [],
      notes: [{ text: env.t(text('PDA.Chat.Note.Undone')) }],
    });
  }
  return {
    title: L('Title', { name: s.attackerName, weapon: s.weaponName }),
    ...(target ? { subtitle: L('Against', { name: target.name }) } : {}),
    sections,
  };
}
