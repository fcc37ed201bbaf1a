import { RulesError } from '../../core/errors';
import type {
  CommonEffect,
  ConditionEffect,
  ExchangeAction,
  ExchangeMachine,
  ExchangeStep,
  ExchangeText,
  Refusal,
} from '../../core/exchange';
import type { Dice } from '../../dice/port';
import {
  conditionEffects,
  conditionHolds,
  conditionRecord,
  type ConditionStatus,
  type GreyhawkConditionState,
} from '../conditions';
import {
  conditionPatch,
  MANOEUVRE_RULE,
  type ConditionPatch,
  type FirstPart,
  type GreyhawkChoices,
  type Outcome,
} from './choices';
import { fightState, type FightState } from '../health';
import { firstPart, followUp } from './parts';
import { fightersOf, type GreyhawkExchangeView } from './view';

/**
 * The Greyhawk attack exchange as a state machine (src/engine/core/exchange.ts). It opens with
 * the attacker's part (openGreyhawkAttack: the d20 with every modifier and its rule, the damage,
 * or the engine's refusal of an illegal manoeuvre, nothing rolled); then, on the same card:
 *
 *   attack ──followUp──▶ resolved ──apply──▶ applied ──undo──▶ (back to where apply was taken)
 *   attack ──apply (when nothing is left to roll)──▶ applied
 *
 * The follow-up is a manoeuvre's second half (disarm outcome G-D2/G-D3/G-D5, STR contest
 * G-G1/G-G2, the target's stay-up check G-SH2). Apply takes the hit points off and puts the
 * conditions the result gives (G-C1, G-D1–G-D3, G-G2, G-SH2) on the target and on the attacker;
 * undo puts back what was there, refused once the target or the attacker changed since.
 */

export type GreyhawkEffect = CommonEffect;

export interface GreyhawkApplied {
  readonly before: number;
  readonly after: number;
  readonly damage: number;
  /** The step to return to on undo. */
  readonly from: string;
  /** The conditions the result put on the target (the card lists them). */
  readonly conditions?: ConditionPatch;
  /** G-SH2: the rusher fell after his miss (written on the attacker). */
  readonly attackerProne?: boolean;
  /** G-PA1: the blow was parried by this fighter (the parry card's mark): no damage, no condition. */
  readonly parriedBy?: string;
  /** The blow put the target out of the fight (0 hit points or below): unconscious or dead. */
  readonly fallen?: Exclude<FightState, 'fighting'>;
  /** What the apply wrote, and what puts back what was there before. */
  readonly effects: readonly GreyhawkEffect[];
  readonly undo: readonly GreyhawkEffect[];
}

export interface GreyhawkAttackState {
  readonly attackerName: string;
  readonly weaponName: string;
  readonly choices: GreyhawkChoices;
  /** The engine's refusal of the attack (step 'refused'; nothing was rolled). */
  readonly refusal?: ExchangeText;
  readonly first?: FirstPart;
  readonly outcome?: Outcome;
  readonly applied?: GreyhawkApplied;
  readonly undone: number;
}

export const GREYHAWK_CARDS_KEY = 'PDA.Greyhawk.Cards';
/** The refusal of an undo once the target changed (shared with every ruleset's undo). */
export const UNDO_CHANGED_KEY = 'PDA.Chat.Undo.TargetChanged';

/** The attacker's part: the card's first state, or the refusal it shows instead. */
export function openGreyhawkAttack(
  view: GreyhawkExchangeView,
  choices: GreyhawkChoices,
  names: { readonly attackerName: string; readonly weaponName: string },
  dice: Dice,
): { step: string; state: GreyhawkAttackState; effects: GreyhawkEffect[] } {
  const base = { ...names, choices, undone: 0 };
  let run: (dice: Dice) => FirstPart;
  try {
    // Every check of the rules runs here, before any die: a refusal rolls nothing.
    run = firstPart(fightersOf(view), choices, view.options);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    return {
      step: 'refused',
      state: { ...base, refusal: { key: error.key, data: { ...error.data } } },
      effects: [],
    };
  }
  const first = run(dice);
  const settled = !first.pending && first.outcome !== undefined;
  return {
    step: settled ? 'resolved' : 'attack',
    state: { ...base, first, ...(first.outcome ? { outcome: first.outcome } : {}) },
    effects: [...openingEffects(view.attackerConditions, first), ...reloadEffects(view, choices)],
  };
}

/**
 * G-ST6: a heavy crossbow shot from the saddle stays unloaded (no reloading it mounted); shot afoot
 * it is reloaded as its rate of fire allows.
 */
export function reloadEffects(view: GreyhawkExchangeView, c: GreyhawkChoices): GreyhawkEffect[] {
  const w = view.weapon;
  if (w.kind !== 'heavyCrossbow' || (w.melee && !c.thrown)) return [];
  const was = view.weaponWear?.unloaded === true;
  const now = c.style?.mount !== undefined;
  if (was === now) return [];
  return [{ type: 'item', fighter: 'attacker', itemId: w.id, field: 'unloaded', from: was, to: now }];
}

/**
 * G-SH1 what an attack does to its attacker's shield as it is made: a shield specialist who
 * punched off-hand gets the shield's AC back at this next attack; an off-hand punch (hit or miss)
 * takes it away to the round's end, or for a specialist until the next attack.
 */
export function openingEffects(
  attacker: Partial<GreyhawkConditionState>,
  first: FirstPart | undefined,
): GreyhawkEffect[] {
  let after: Partial<GreyhawkConditionState> = attacker;
  if (attacker.shieldPunched && attacker.shieldPunchedUntilNextAttack)
    after = { ...after, shieldPunched: false, shieldPunchedUntilNextAttack: false };
  const lost = first?.shieldAc;
  if (lost === 'lostToRoundEnd' || lost === 'untilNextAttack')
    after = { ...after, shieldPunched: true, shieldPunchedUntilNextAttack: lost === 'untilNextAttack' };
  return conditionEffects('attacker', attacker, after);
}

/** The defender's conditions once the parried blow took the parry's mark off. */
function unparried(dc: Partial<GreyhawkConditionState>): Partial<GreyhawkConditionState> {
  const { parriedBy: _by, parrier: _name, ...rest } = dc;
  return { ...rest, parried: false };
}

/** G-PA1: the parry card's mark on the defender stops this attacker's blow. */
export function parriedHere(v: GreyhawkExchangeView): boolean {
  const dc = v.defenderConditions;
  return dc.parried === true && v.attackerRef !== undefined && dc.parriedBy === v.attackerRef;
}

const damageOf = (s: GreyhawkAttackState): number => s.first?.damage?.total ?? 0;

/** The target's conditions after the result (G-C1 carving adds a letter to those carved). */
function defenderAfter(
  now: Partial<GreyhawkConditionState>,
  patch: ConditionPatch,
  holderRef: string | undefined,
): Partial<GreyhawkConditionState> {
  const { carve, ...rest } = patch;
  return {
    ...now,
    ...rest,
    ...(carve ? { carved: `${now.carved ?? ''}${carve}` } : {}),
    ...(patch.held && holderRef ? { heldBy: holderRef } : {}),
  };
}

/** What the result puts on the attacker itself: G-G2 holding, G-SH2 the rusher's shield AC lost. */
export function attackerPatch(s: GreyhawkAttackState): Partial<GreyhawkConditionState> {
  const o = s.outcome;
  if (o?.kind === 'seizePerson' && o.result.hold) return { holding: true };
  if (o?.kind === 'shieldRush') {
    // G-SH2: the charge leaves the rusher 1 AC worse and without DEX bonus to the round's end.
    const patch: { shieldOffLine?: boolean; prone?: boolean; rushing?: boolean } = { rushing: true };
    if (o.result.shieldAc === 'lostToRoundEnd') patch.shieldOffLine = true;
    // G-SH2: a rusher who misses and fails his DEX check falls, carried on by his own run.
    if (o.result.rusherCheck?.standing === false) patch.prone = true;
    return patch;
  }
  return {};
}

const pending = (step: string, s: GreyhawkAttackState): boolean =>
  step === 'attack' && s.first?.pending === true;

/** Who rolls the follow-up: the defender resists a seize and keeps its feet; the disarmer rolls the fall. */
const followUpSide = (c: GreyhawkChoices) =>
  c.manoeuvre === 'seizeObject' || c.manoeuvre === 'seizePerson' || c.manoeuvre === 'shieldRush'
    ? ('defender' as const)
    : ('attacker' as const);

const shown = (r: { status: string; rounds?: number; data?: object } | undefined): string =>
  r ? [r.status, r.rounds ?? '', ...Object.values(r.data ?? {})].join(' ').trim() : '—';
const shownEffect = (e: ConditionEffect): string => (e.on ? shown(e) : '—');

/** Why the undo is refused now: the first thing apply wrote that is no longer there. */
export function undoRefusal(
  s: GreyhawkAttackState,
  v: GreyhawkExchangeView,
  targetName: string,
): Refusal | undefined {
  const applied = s.applied;
  if (!applied) return undefined;
  const refuse = (field: string, now: string, wrote: string): Refusal => ({
    rule: '',
    key: UNDO_CHANGED_KEY,
    data: { name: targetName, field, now, wrote },
  });
  for (const e of applied.effects) {
    if (e.type === 'resource' && e.fighter === 'defender' && v.defenderHp !== e.to)
      return refuse('hp.value', String(v.defenderHp), String(e.to));
    if (e.type !== 'condition') continue;
    const conditions = e.fighter === 'attacker' ? v.attackerConditions : v.defenderConditions;
    if (!conditionHolds(conditions, e))
      return refuse(
        `conditions.${e.status}`,
        shown(conditionRecord(conditions, e.status as ConditionStatus)),
        shownEffect(e),
      );
  }
  return undefined;
}

function action(
  id: string,
  label: string,
  side: ExchangeAction['side'],
  style: ExchangeAction['style'],
  extra: Partial<ExchangeAction> = {},
): ExchangeAction {
  return { id, label: { key: label }, side, style, ...extra };
}

/** What the card's apply writes (G-S2, G-C1, G-PA1...): the applied record and its effects. */
function applyStep(
  step: string,
  s: GreyhawkAttackState,
  v: GreyhawkExchangeView,
): ExchangeStep<GreyhawkAttackState, GreyhawkEffect> {
  // G-PA1: a parried blow does nothing; the apply takes the parry's mark off the defender.
  const parried = parriedHere(v);
  const damage = parried ? 0 : damageOf(s);
  const before = v.defenderHp;
  const after = before - damage;
  const patch = parried ? {} : conditionPatch(s.first, s.outcome);
  const dc = v.defenderConditions;
  const lost = patch.disarmed && v.defenderWeapon ? { disarmedWeapon: v.defenderWeapon.id } : {};
  const dcAfter = parried ? unparried(dc) : { ...defenderAfter(dc, patch, v.attackerRef), ...lost };
  const ac = v.attackerConditions;
  const acAfter = parried ? ac : { ...ac, ...attackerPatch(s) };
  const hp: GreyhawkEffect[] =
    damage > 0 ? [{ type: 'resource', fighter: 'defender', resource: 'hp', from: before, to: after }] : [];
  const effects: GreyhawkEffect[] = [
    ...hp,
    ...conditionEffects('defender', dc, dcAfter),
    ...conditionEffects('attacker', ac, acAfter),
  ];
  const undo: GreyhawkEffect[] = [
    ...conditionEffects('attacker', acAfter, ac),
    ...conditionEffects('defender', dcAfter, dc),
    ...(damage > 0
      ? [{ type: 'resource', fighter: 'defender', resource: 'hp', from: after, to: before } as const]
      : []),
  ];
  const hasPatch = Object.keys(patch).length > 0;
  const fell = damage > 0 && before > 0 ? fightState(after, v.options) : 'fighting';
  return {
    step: 'applied',
    state: {
      ...s,
      applied: {
        before,
        after,
        damage,
        from: step,
        ...(hasPatch ? { conditions: patch } : {}),
        ...(!parried && attackerPatch(s).prone ? { attackerProne: true } : {}),
        ...(parried ? { parriedBy: dc.parrier ?? '' } : {}),
        ...(fell !== 'fighting' ? { fallen: fell } : {}),
        effects,
        undo,
      },
    },
    effects,
    undo,
  };
}

export const greyhawkAttackMachine: ExchangeMachine<
  GreyhawkAttackState,
  GreyhawkExchangeView,
  GreyhawkEffect
> = {
  id: 'greyhawk.attack',

  actions(step, s, v) {
    const out: ExchangeAction[] = [];
    const m = s.choices.manoeuvre;
    const follow = pending(step, s);
    if (follow)
      out.push(
        action('followUp', `${GREYHAWK_CARDS_KEY}.FollowUp.${m}`, followUpSide(s.choices), 'primary', {
          rule: MANOEUVRE_RULE[m] || 'G-D1',
        }),
      );
    // G-S2 (issue 46): no Appliquer when applying would write nothing (no damage, no condition).
    const open = (step === 'attack' || step === 'resolved') && !s.applied;
    if (open && applyStep(step, s, v).effects.length > 0)
      out.push(
        action('apply', 'PDA.Chat.Action.Apply', 'gm', 'primary', {
          ...(follow ? { refused: { rule: '', key: `${GREYHAWK_CARDS_KEY}.FollowUpFirst` } } : {}),
        }),
      );
    if (step === 'applied' && s.applied) {
      const refused = undoRefusal(s, v, v.defender.name);
      out.push(action('undo', 'PDA.Chat.Action.Undo', 'gm', 'danger', refused ? { refused } : {}));
    }
    return out;
  },

  perform(step, s, v, actionId, dice): ExchangeStep<GreyhawkAttackState, GreyhawkEffect> {
    switch (actionId) {
      case 'followUp': {
        if (!s.first) throw new RulesError('PDA.Error.CardNoSuchAction');
        const outcome = followUp(fightersOf(v), s.choices, v.options, s.first.dice)(dice);
        return { step: 'resolved', state: { ...s, outcome }, effects: [], undo: [] };
      }
      case 'apply':
        return applyStep(step, s, v);
      case 'undo': {
        const applied = s.applied;
        if (!applied) throw new RulesError('PDA.Error.CardNothingToUndo');
        const { applied: _gone, ...rest } = s;
        return {
          step: applied.from,
          state: { ...rest, undone: s.undone + 1 },
          effects: applied.undo,
          undo: [],
        };
      }
      default:
        throw new RulesError('PDA.Error.CardNoSuchAction');
    }
  },
};
