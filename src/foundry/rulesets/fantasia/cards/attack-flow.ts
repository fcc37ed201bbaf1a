import { canonical } from '../../../../engine/core/canonical';
import { RulesError } from '../../../../engine/core/errors';
import type { Dice } from '../../../../engine/dice/port';
import {
  availableDefences,
  NO_DEFENCE,
  resolveAttack,
  resolveDefence,
  type AttackInput,
  type AttackResult,
  type DefenceOption,
  type DefenceResult,
} from '../../../../engine/fantasia/attack';
import { findBotte } from '../../../../engine/fantasia/bottes';
import { evaluate } from '../../../../engine/dice/formula';
import {
  applyChange,
  rollDamage,
  undoDiff,
  type CombatantDiff,
  type DamageResult,
} from '../../../../engine/fantasia/damage';
import { afterThrust } from '../../../../engine/fantasia/exchange';
import { fumbleOptions, resolveFumble, type FumbleOptionId } from '../../../../engine/fantasia/fumbles';
import type { FantasiaOptions } from '../../../../engine/fantasia/options';
import {
  resolveArquebusMishap,
  startArquebusReload,
  type ArquebusIncident,
} from '../../../../engine/fantasia/reload';
import type { PercentRoll } from '../../../../engine/fantasia/resolution';
import type { ResistanceRoll } from '../../../../engine/fantasia/resistance';
import type { FantasiaCombatant, FantasiaStates, RuleId } from '../../../../engine/fantasia/types';
import {
  breakFree,
  lutteHold,
  lutteStrangle,
  lutteThrow,
  strangleRound,
} from '../../../../engine/fantasia/unarmed';
import {
  whipCriticalEffect,
  whipDisarm,
  whipPull,
  whipSlip,
  whipTrip,
} from '../../../../engine/fantasia/whip';
import { withStates } from '../../../../engine/fantasia/weapons';
import { fantasiaOptionsFromSettings } from '../settings';
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
import { combatantOf, combatantUpdate } from './actor-writes';
import { fantasiaRound } from './round-context';
import { modifierRows, percentCheck, resistanceCheck, rules, signed } from './view';

/**
 * Fantasia's attack card: attack (F-H1, F-D5, F-B2/F-B3) → defence (F-D1..F-D4, F-W5, F-B3,
 * F-B4) → damage (F-H2..F-H5, F-U4, F-W2) → applied / undone, with fumbles (F-H6..F-H8, F-W6),
 * whip escapes (F-W2) and thrust bookkeeping (F-B5, F-B6). The engine decides; this flow
 * sequences its steps, stores their results on the card and says who may click what.
 */
export const FANTASIA_ATTACK_FLOW = 'fantasia.attack';

export type WhipIntent = '' | 'trip' | 'disarm';

/** What a Lutte hit is used for instead of its damage (F-U3); '' deals the 2d3. */
export type LutteHold = '' | 'immobilise' | 'throw' | 'strangle';
export const LUTTE_HOLDS: readonly Exclude<LutteHold, ''>[] = ['immobilise', 'throw', 'strangle'];

export interface AttackIntent {
  /** Cover malus the attacker's player or GM set (F-D5), positive. */
  readonly cover: number;
  /** Secret thrust named at resolution (F-B2), '' for none. */
  readonly thrustId: string;
  /** Knock-out declared (F-U4). */
  readonly knockOut: boolean;
  /** What the whip's lash should do (F-W2). */
  readonly whip: WhipIntent;
  /** Lutte: immobilise, throw down or strangle instead of damage (F-U3). */
  readonly lutte?: LutteHold;
}

export interface StoredDefence extends DefenceResult {
  /** The weapon or shield name shown on the card ('' for a dodge or nothing). */
  readonly withName: string;
}

export interface WhipOutcome {
  readonly effect: 'trip' | 'disarm';
  readonly percent: PercentRoll | null;
  readonly resistance: ResistanceRoll | null;
  readonly success: boolean;
  readonly patch: Partial<FantasiaStates>;
}

/** The hold a Lutte hit took (F-U3): immobilise needs FOR vs FOR at once, the others land. */
export interface HoldOutcome {
  readonly kind: Exclude<LutteHold, ''>;
  readonly roll: ResistanceRoll | null;
  readonly success: boolean;
  readonly patch: Partial<FantasiaStates>;
}

/** One round of a Lutte hold after the hit: the victim's escape, or the strangler's squeeze. */
export interface LutteRound {
  readonly kind: 'escape' | 'strangle';
  /** Combat round it was used in (0 outside a combat). */
  readonly round: number;
  readonly roll: ResistanceRoll | null;
  readonly damage: number;
}

export interface FantasiaAttackState {
  readonly attackerName: string;
  readonly intent: AttackIntent;
  readonly attack: AttackResult;
  readonly defence: StoredDefence | null;
  readonly damage: DamageResult | null;
  readonly whip: WhipOutcome | null;
  /** The change applied to the target, with the values before it (undo). */
  readonly applied: CombatantDiff | null;
  readonly undone: number;
  readonly fumble: {
    readonly option: FumbleOptionId;
    readonly roll: PercentRoll | null;
    readonly incident: ArquebusIncident | null;
    readonly burstDamage: number;
    readonly friendName: string;
    /** Too much powder: the doubled reload countdown rolled at once (F-W6). */
    readonly reloadRounds?: number;
  } | null;
  readonly mishap: {
    readonly chance: PercentRoll;
    readonly incident: ArquebusIncident | null;
    readonly burstDamage: number;
    readonly reloadRounds?: number;
  } | null;
  readonly thrustPlaced: boolean;
  readonly escapes: readonly { readonly kind: 'pull' | 'slip'; readonly roll: ResistanceRoll }[];
  /** Lutte hold (F-U3); absent on cards made before holds existed. */
  readonly hold?: HoldOutcome | null;
  readonly lutteRounds?: readonly LutteRound[];
  /** Offered effects (F-B7) the GM applied after the damage, in order, each undoable. */
  readonly offersTaken?: readonly TakenOffer[];
}

/** An offered effect the GM applied: its roll, if any, and the change on the target. */
export interface TakenOffer {
  readonly id: OfferId;
  readonly roll: PercentRoll | null;
  readonly damage: number;
  readonly diff: CombatantDiff;
}

/** Offers (engine `DamageResult.offers`) the card can apply as a GM button. */
const OFFER_BUTTONS = ['disarm', 'landing'] as const;
type OfferId = (typeof OFFER_BUTTONS)[number];
function isOfferButton(id: string): id is OfferId {
  return (OFFER_BUTTONS as readonly string[]).includes(id);
}

type Card = CardSnapshot<FantasiaAttackState>;

export const STEP = {
  defence: 'defence',
  damage: 'damage',
  applied: 'applied',
  fumble: 'fumble',
  mishap: 'mishap',
  done: 'done',
} as const;

let optionsSource: () => FantasiaOptions = fantasiaOptionsFromSettings;
/** Test seam: the world's Fantasia options. */
export function setFantasiaOptionsSource(source: () => FantasiaOptions): void {
  optionsSource = source;
}

function target(card: Card) {
  return card.targets[0];
}

function tryCombatant(env: FlowEnv, uuid: string | undefined): FantasiaCombatant | undefined {
  if (!uuid) return undefined;
  const doc = env.resolve(uuid);
  if (!doc) return undefined;
  try {
    return combatantOf(doc, '');
  } catch {
    return undefined;
  }
}

function need(env: FlowEnv, uuid: string | undefined, name: string): FantasiaCombatant {
  return combatantOf(uuid ? env.resolve(uuid) : null, name);
}

/** Strips the large attacker snapshot the engine adds for reloads before storing. */
function storable(attack: AttackResult): AttackResult {
  const { attackerAfter: _after, ...rest } = attack;
  return rest;
}

// ------------------------------------------------------------------------------------- defence

interface DefenceChoice {
  readonly id: string;
  readonly label: Text;
  readonly option: DefenceOption;
  readonly withName: string;
  /** A refusal added by the card (weapon vs missile, F-D3). */
  readonly extra?: { rule: RuleId; key: string };
}

/** The defender's choices: parry with each weapon or the shield, dodge (F-D1..F-D4, F-W5, F-B3/4). */
export function defenceChoices(card: Card, fighter: FantasiaCombatant): DefenceChoice[] {
  const facts = fantasiaRound().facts(card.combatId, target(card)?.actorUuid ?? '');
  // F-W5: a crossbow being reloaded in this round's passes, as the round knows it.
  const defender =
    facts.reloadingWeaponId && !fighter.states.reloading
      ? withStates(fighter, { reloading: { weaponId: facts.reloadingWeaponId } })
      : fighter;
  const attack = card.state.attack;
  const out: DefenceChoice[] = [];
  const s = defender.states;
  const parriers = (defender.weapons ?? []).filter(
    (w) => w.canParry && w.ready && !s.weaponBroken?.includes(w.id) && s.disarmed?.weaponId !== w.id,
  );
  for (const w of parriers) {
    const [parry] = availableDefences(attack, defender, { ...facts, parryWeaponId: w.id });
    if (!parry) continue;
    out.push({
      id: `parry.${w.id}`,
      label: { key: 'PDA.Chat.Action.ParryWith', data: { name: w.name } },
      option: parry,
      withName: w.name,
      ...(attack.ranged ? { extra: { rule: 'F-D3', key: 'PDA.Fantasia.Refusal.MissileNeedsShield' } } : {}),
    });
  }
  if (defender.shield) {
    const [parry] = availableDefences(attack, defender, { ...facts, parryWeaponId: '' });
    if (parry) {
      out.push({
        id: 'parry.shield',
        label: { key: 'PDA.Chat.Action.ParryWith', data: { name: defender.shield.name } },
        option: parry,
        withName: defender.shield.name,
      });
    }
  }
  if (out.length === 0) {
    const [parry] = availableDefences(attack, defender, facts);
    if (parry)
      out.push({ id: 'parry', label: { key: 'PDA.Chat.Action.Parry' }, option: parry, withName: '' });
  }
  const dodge = availableDefences(attack, defender, facts)[1];
  if (dodge) out.push({ id: 'dodge', label: { key: 'PDA.Chat.Action.Dodge' }, option: dodge, withName: '' });
  return out;
}

function choiceRefusal(choice: DefenceChoice): { rule: RuleId; key: string } | undefined {
  return choice.option.reasons[0] ?? choice.extra;
}

// ------------------------------------------------------------------------------------- actions

function defenceActions(card: Card, env: FlowEnv): CardAction[] {
  const t = target(card);
  const owners = t ? [t.actorUuid] : [];
  const defender = tryCombatant(env, t?.actorUuid);
  const actions: CardAction[] = [];
  if (defender) {
    for (const choice of defenceChoices(card, defender)) {
      const refusal = choiceRefusal(choice);
      const target = choice.option.base + choice.option.modifiers.reduce((s, m) => s + m.value, 0);
      actions.push({
        id: choice.id,
        label: {
          key: 'PDA.Chat.Action.WithPercent',
          data: { action: env.t(localizedName(choice.label, env)), percent: target },
        },
        owners,
        enabled: refusal === undefined,
        ...(refusal ? { reason: { key: refusal.key }, rule: refusal.rule } : {}),
        style: 'primary',
      });
    }
  }
  actions.push({ id: 'none', label: { key: 'PDA.Chat.Action.NoDefence' }, owners, enabled: true });
  return actions;
}

/** The combat's current round, or undefined outside a combat (no once-a-round limit then). */
function combatRound(card: Card, env: FlowEnv): number | undefined {
  if (!card.combatId) return undefined;
  const combat = env.resolve(`Combat.${card.combatId}`) as { round?: number } | null;
  return combat ? Number(combat.round ?? 0) : undefined;
}

/**
 * F-U3, after a hold: each later round the victim may try FOR vs FOR to break free, and a
 * strangler squeezes (asphyxia). Once each a round, from the round after the hold (ruling).
 */
function lutteActions(card: Card, env: FlowEnv): CardAction[] {
  const hold = card.state.hold;
  if (!hold?.success || hold.kind === 'throw') return [];
  const victim = tryCombatant(env, target(card)?.actorUuid);
  const holder = tryCombatant(env, card.actorUuid);
  if (!victim || !holder) return [];
  const strangled = victim.states.strangled?.by === holder.id;
  if (!strangled && victim.states.immobilised?.by !== holder.id) return [];
  const round = combatRound(card, env);
  const refusal = (kind: LutteRound['kind']): Text | undefined => {
    if (round === undefined) return undefined;
    if (round <= card.round) return { key: 'PDA.Chat.Reason.HoldNextRound' };
    if ((card.state.lutteRounds ?? []).some((e) => e.kind === kind && e.round === round))
      return { key: 'PDA.Chat.Reason.OncePerRound' };
    return undefined;
  };
  const action = (id: string, kind: LutteRound['kind'], owners: readonly string[]): CardAction => {
    const reason = refusal(kind);
    return {
      id,
      label: { key: kind === 'escape' ? 'PDA.Chat.Action.LutteEscape' : 'PDA.Chat.Action.LutteStrangle' },
      owners,
      enabled: reason === undefined,
      ...(reason ? { reason } : {}),
      rule: 'F-U3',
    };
  };
  const t = target(card);
  const out = [action('lutteEscape', 'escape', t ? [t.actorUuid] : [])];
  if (strangled) out.push(action('lutteStrangle', 'strangle', [card.actorUuid]));
  return out;
}

/**
 * F-B7: the thrust effects the engine leaves to the GM (disarm after Désarmement, the failed
 * landing after the Ruade) become GM buttons once the damage is applied; each is taken once.
 */
function offerActions(card: Card): CardAction[] {
  const taken = card.state.offersTaken ?? [];
  return (card.state.damage?.offers ?? [])
    .filter((o) => isOfferButton(o.id))
    .map((o) => {
      const done = taken.some((t) => t.id === o.id);
      return {
        id: `offer.${o.id}`,
        label: { key: `PDA.Chat.Action.Offer.${o.id}` },
        owners: [],
        enabled: !done,
        ...(done ? { reason: { key: 'PDA.Chat.Reason.OfferTaken' } } : {}),
        rule: o.rule,
      };
    });
}

function stillEntangled(card: Card, env: FlowEnv): boolean {
  const victim = tryCombatant(env, target(card)?.actorUuid);
  const attacker = tryCombatant(env, card.actorUuid);
  return Boolean(victim && attacker && victim.states.entangled?.by === attacker.id);
}

export const fantasiaAttackFlow: CardFlow<FantasiaAttackState> = {
  id: FANTASIA_ATTACK_FLOW,
  ruleset: 'fantasia',

  actions(card, env) {
    const t = target(card);
    const targetOwners = t ? [t.actorUuid] : [];
    switch (card.step) {
      case STEP.defence:
        return defenceActions(card, env);
      case STEP.damage:
        return [
          {
            id: 'apply',
            label: { key: 'PDA.Chat.Action.Apply' },
            owners: targetOwners,
            enabled: true,
            style: 'primary',
          },
        ];
      case STEP.applied: {
        const actions: CardAction[] = [
          {
            id: 'undo',
            label: { key: 'PDA.Chat.Action.Undo' },
            owners: targetOwners,
            enabled: true,
            style: 'danger',
          },
        ];
        actions.push(...offerActions(card));
        actions.push(...lutteActions(card, env));
        if (card.state.attack.weapon.kind === 'whip' && stillEntangled(card, env)) {
          actions.push(
            {
              id: 'whipPull',
              label: { key: 'PDA.Chat.Action.WhipPull' },
              owners: targetOwners,
              enabled: true,
              rule: 'F-W2',
            },
            {
              id: 'whipSlip',
              label: { key: 'PDA.Chat.Action.WhipSlip' },
              owners: targetOwners,
              enabled: true,
              rule: 'F-W2',
            },
          );
        }
        return actions;
      }
      case STEP.fumble:
        return fumbleOptions(card.state.attack).map((o) => ({
          id: `fumble.${o.id}`,
          label: { key: o.key },
          owners: [],
          enabled: true,
          rule: o.rule,
        }));
      case STEP.mishap:
        return [
          {
            id: 'chance',
            label: { key: 'PDA.Chat.Action.ChanceRoll' },
            owners: [card.actorUuid],
            enabled: true,
            rule: 'F-W6',
          },
        ];
      default:
        return [];
    }
  },

  async perform(card, actionId, env) {
    if (card.step === STEP.defence) return performDefence(card, actionId, env);
    if (actionId === 'apply') return performApply(card, env);
    if (actionId === 'undo') return performUndo(card, env);
    if (actionId.startsWith('offer.')) return performOffer(card, actionId.slice('offer.'.length), env);
    if (actionId === 'whipPull' || actionId === 'whipSlip') return performEscape(card, actionId, env);
    if (actionId === 'lutteEscape' || actionId === 'lutteStrangle') return performLutte(card, actionId, env);
    if (actionId.startsWith('fumble.'))
      return performFumble(card, actionId.slice('fumble.'.length) as FumbleOptionId, env);
    if (actionId === 'chance') return performMishap(card, env);
    throw new RulesError('PDA.Error.CardNoSuchAction');
  },

  context(card, env) {
    return attackContext(card, env);
  },
};

// ---------------------------------------------------------------------------------- the steps

export interface AttackRequest {
  readonly attacker: FantasiaCombatant;
  readonly defender: FantasiaCombatant;
  readonly weaponId: string;
  readonly intent: AttackIntent;
  readonly memory: readonly string[];
  readonly attackerDodging?: boolean;
}

/** The engine's attack input for a request (refuses an unknown weapon). */
function attackInput(req: AttackRequest): AttackInput {
  const weapon = req.attacker.weapons?.find((w) => w.id === req.weaponId);
  if (!weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: req.weaponId });
  if (req.intent.whip && weapon.kind !== 'whip')
    throw new RulesError('PDA.Error.CardNotAWhip', { weapon: weapon.name });
  return {
    attacker: req.attacker,
    defender: req.defender,
    weapon,
    cover: req.intent.cover,
    ...(req.intent.thrustId ? { thrust: { thrustId: req.intent.thrustId } } : {}),
    memory: req.memory,
    knockOut: req.intent.knockOut,
    ...(req.attackerDodging ? { attackerDodging: true } : {}),
  };
}

export interface OpenedAttack {
  readonly step: string;
  readonly state: FantasiaAttackState;
  readonly attackerAfter?: FantasiaCombatant;
}

/** The first step, run on the attacker's client: the attack roll. RulesError before any die. */
export function openAttack(
  req: AttackRequest,
  dice: Dice,
  options: FantasiaOptions = optionsSource(),
): OpenedAttack {
  const input = attackInput(req);
  const attack = resolveAttack(input, dice, options);
  const base: FantasiaAttackState = {
    attackerName: req.attacker.name,
    intent: req.intent,
    attack: storable(attack),
    defence: null,
    damage: null,
    whip: null,
    applied: null,
    undone: 0,
    fumble: null,
    mishap: null,
    thrustPlaced: false,
    escapes: [],
  };
  const after = attack.attackerAfter ? { attackerAfter: attack.attackerAfter } : {};
  if (attack.fumble && fumbleOptions(attack).length) return { step: STEP.fumble, state: base, ...after };
  if (attack.firearmMishap) return { step: STEP.mishap, state: base, ...after };
  if (!attack.hit) return { step: STEP.done, state: base, ...after };
  // A critical thrust (F-B4) still goes to the defence step, where the engine refuses parry and
  // dodge with the reason shown on the card; only "no defence" remains.
  return { step: STEP.defence, state: base, ...after };
}

/** Damage of a hit that was not stopped, plus the whip's effect (F-W2). */
function land(
  state: FantasiaAttackState,
  attacker: FantasiaCombatant,
  defender: FantasiaCombatant,
  defence: DefenceResult,
  withName: string,
  dice: Dice,
  options: FantasiaOptions,
): { step: string; state: FantasiaAttackState } {
  const attack = state.attack;
  const holdKind = attack.weapon.skill === 'lutte' ? (state.intent.lutte ?? '') : '';
  if (holdKind && !defence.success) {
    // F-U3: the Lutte hit takes the hold instead of dealing its 2d3 (ruling).
    const hold = holdOutcome(holdKind, attack, attacker, defender, dice, options);
    return {
      step: STEP.damage,
      state: { ...state, defence: { ...defence, withName }, damage: null, hold },
    };
  }
  const damage = rollDamage(attack, attacker, defender, defence, dice, options);
  let whip: WhipOutcome | null = null;
  if (attack.weapon.kind === 'whip' && !defence.success) {
    whip = whipOutcome(state, attacker, defender, dice, options);
  }
  const stopped = defence.success && damage.parts.length === 0;
  return {
    step: stopped ? STEP.done : STEP.damage,
    state: { ...state, defence: { ...defence, withName }, damage, whip },
  };
}

/** F-U3: throw down and strangle land on the hit; immobilise needs FOR vs FOR at once. */
function holdOutcome(
  kind: Exclude<LutteHold, ''>,
  attack: AttackResult,
  attacker: FantasiaCombatant,
  defender: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions,
): HoldOutcome {
  if (kind === 'throw') {
    const applied = lutteThrow(attack, defender);
    return { kind, roll: null, success: true, patch: patchOf(defender, applied.combatant) };
  }
  if (kind === 'strangle') {
    const applied = lutteStrangle(attack, defender);
    return { kind, roll: null, success: true, patch: patchOf(defender, applied.combatant) };
  }
  const r = lutteHold(attacker, defender, dice, options);
  return { kind, roll: r.roll, success: r.roll.success, patch: patchOf(defender, r.victim.combatant) };
}

/** F-W2: the lash wraps the foe; trip (FOR vs TAI) or disarm (DEX×3), no roll on a critical. */
function whipOutcome(
  state: FantasiaAttackState,
  attacker: FantasiaCombatant,
  defender: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions,
): WhipOutcome {
  const attack = state.attack;
  const entangled = { entangled: { by: attacker.id, weaponId: attack.weapon.id } };
  const wrapped = withStates(defender, entangled);
  const effect = state.intent.whip;
  if (!effect) return { effect: 'trip', percent: null, resistance: null, success: false, patch: entangled };
  if (attack.critical) {
    const applied = whipCriticalEffect(attack, wrapped, effect);
    return {
      effect,
      percent: null,
      resistance: null,
      success: true,
      patch: patchOf(defender, applied.combatant),
    };
  }
  if (effect === 'trip') {
    const r = whipTrip(attacker, wrapped, dice, options);
    return {
      effect,
      percent: null,
      resistance: r.roll,
      success: r.roll.success,
      patch: patchOf(defender, r.victim.combatant),
    };
  }
  const r = whipDisarm(attacker, wrapped, dice, options);
  return {
    effect,
    percent: r.roll,
    resistance: null,
    success: r.roll.success,
    patch: patchOf(defender, r.victim.combatant),
  };
}

/** The states that differ between two views of a combatant. */
function patchOf(before: FantasiaCombatant, after: FantasiaCombatant): Partial<FantasiaStates> {
  const patch: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before.states), ...Object.keys(after.states)]);
  for (const k of keys) {
    const a = (before.states as Record<string, unknown>)[k];
    const b = (after.states as Record<string, unknown>)[k];
    if (JSON.stringify(a) !== JSON.stringify(b)) patch[k] = b;
  }
  return patch as Partial<FantasiaStates>;
}

async function performDefence(
  card: Card,
  actionId: string,
  env: FlowEnv,
): Promise<FlowResult<FantasiaAttackState>> {
  const t = target(card);
  const attacker = need(env, card.actorUuid, card.state.attackerName);
  const defender = need(env, t?.actorUuid, t?.name ?? '');
  const options = optionsSource();
  let choice: DefenceChoice | undefined;
  if (actionId !== 'none') {
    choice = defenceChoices(card, defender).find((c) => c.id === actionId);
    if (!choice) throw new RulesError('PDA.Error.CardNoSuchAction');
    const refusal = choiceRefusal(choice);
    if (refusal) throw new RulesError(refusal.key, { rule: refusal.rule });
  }
  const picked = choice;
  const landed = await env.roll((dice) => {
    const defence = picked ? resolveDefence(card.state.attack, picked.option, dice, options) : NO_DEFENCE;
    return land(card.state, attacker, defender, defence, picked?.withName ?? '', dice, options);
  });
  const writes: DocumentWrite[] = [];
  const defence = landed.state.defence ?? NO_DEFENCE;
  if (defence.parryUsed && t) {
    const w = fantasiaRound().parryWrite(card.combatId, t.actorUuid);
    if (w) writes.push(w);
  }
  const thrustWrites = thrustBookkeeping(card, attacker, defence, env);
  writes.push(...thrustWrites);
  return {
    step: landed.step,
    state: { ...landed.state, thrustPlaced: thrustWrites.length > 0 || landed.state.thrustPlaced },
    writes,
  };
}

/** F-B5 / F-B6: a thrust that landed is remembered against this foe and earns its crosses. */
function thrustBookkeeping(
  card: Card,
  attacker: FantasiaCombatant,
  defence: DefenceResult,
  env: FlowEnv,
): DocumentWrite[] {
  const attack = card.state.attack;
  if (!attack.thrust || card.state.thrustPlaced) return [];
  const round = fantasiaRound();
  const after = afterThrust(attack, defence, attacker, round.memory(card.combatId));
  if (!after.placed) return [];
  const writes: DocumentWrite[] = [];
  const thrustId = attack.thrust.thrust.id;
  const known = after.attacker.thrusts?.find((k) => k.thrustId === thrustId);
  const item = botteItemId(env.resolve(card.actorUuid), thrustId);
  if (known && item)
    writes.push({ uuid: card.actorUuid, itemId: item, update: { 'system.crosses': known.crosses } });
  const memoryWrite = round.memoryWrite(card.combatId, after.memory);
  if (memoryWrite) writes.push(memoryWrite);
  return writes;
}

interface ItemsOwner {
  items?: { contents: { id: string | null; type: string; system: unknown }[] };
}

function botteItemId(actor: unknown, thrustId: string): string | undefined {
  for (const item of (actor as ItemsOwner | null)?.items?.contents ?? []) {
    if (item.type !== 'botte') continue;
    const system = item.system as { thrustId?: string };
    if (system.thrustId === thrustId || item.id === thrustId) return item.id ?? undefined;
  }
  return undefined;
}

async function performApply(card: Card, env: FlowEnv): Promise<FlowResult<FantasiaAttackState>> {
  const t = target(card);
  const damage = card.state.damage;
  const hold = card.state.hold;
  if ((!damage && !hold) || card.state.applied) throw new RulesError('PDA.Error.CardAlreadyApplied');
  const defender = need(env, t?.actorUuid, t?.name ?? '');
  const patch = { ...(damage?.states ?? {}), ...(card.state.whip?.patch ?? {}), ...(hold?.patch ?? {}) };
  const applied = applyChange(defender, damage?.total ?? 0, patch, damage?.rule ?? ['F-U3']);
  return {
    step: STEP.applied,
    state: { ...card.state, applied: applied.diff },
    writes: [{ uuid: t?.actorUuid ?? '', update: combatantUpdate(applied.diff.after) }],
  };
}

/** F-B7: applies one offered effect to the target through the engine (GM only). */
async function performOffer(card: Card, id: string, env: FlowEnv): Promise<FlowResult<FantasiaAttackState>> {
  const offer = card.state.damage?.offers.find((o) => o.id === id);
  if (card.step !== STEP.applied || !offer || !isOfferButton(id))
    throw new RulesError('PDA.Error.CardNoSuchAction');
  if ((card.state.offersTaken ?? []).some((o) => o.id === id))
    throw new RulesError('PDA.Error.CardActionDisabled');
  const t = target(card);
  const victim = need(env, t?.actorUuid, t?.name ?? '');
  let taken: TakenOffer;
  if (id === 'disarm') {
    // Désarmement: the bound weapon is torn away like a whip's disarm, DEX×3.
    const attacker = need(env, card.actorUuid, card.state.attackerName);
    const options = optionsSource();
    const r = await env.roll((dice) => whipDisarm(attacker, victim, dice, options));
    taken = { id, roll: r.roll, damage: 0, diff: r.victim.diff };
  } else {
    // Ruade du Sraal: the GM rules the landing failed; the target falls and takes the dice.
    const formula = String(offer.data?.damage ?? '1d6');
    const damage = await env.roll((dice) => Math.max(0, evaluate(formula, dice).total));
    const applied = applyChange(victim, damage, { fallen: true }, ['F-B7']);
    taken = { id, roll: null, damage, diff: applied.diff };
  }
  return {
    step: card.step,
    state: { ...card.state, offersTaken: [...(card.state.offersTaken ?? []), taken] },
    writes: [{ uuid: t?.actorUuid ?? '', update: combatantUpdate(taken.diff.after) }],
  };
}

/** Same PV and states, whatever the key order of the stored states. */
function sameChange(c: FantasiaCombatant, side: CombatantDiff['after']): boolean {
  return c.pv.value === side.pv.value && canonical(c.states) === canonical(side.states);
}

async function performUndo(card: Card, env: FlowEnv): Promise<FlowResult<FantasiaAttackState>> {
  const t = target(card);
  const diff = card.state.applied;
  if (!diff) throw new RulesError('PDA.Error.CardNothingToUndo');
  let defender = need(env, t?.actorUuid, t?.name ?? '');
  // Offers taken after the damage are undone first, newest first, then the damage itself. The
  // actor's states may come back in another key order, so the check ignores key order.
  for (const taken of [...(card.state.offersTaken ?? [])].reverse()) {
    if (!sameChange(defender, taken.diff.after))
      throw new RulesError('PDA.Error.UndoStale', { name: defender.name });
    defender = { ...defender, pv: taken.diff.before.pv, states: taken.diff.before.states };
  }
  if (sameChange(defender, diff.after)) defender = { ...defender, states: diff.after.states };
  const restored = undoDiff(defender, diff);
  return {
    step: STEP.damage,
    state: { ...card.state, applied: null, offersTaken: [], undone: card.state.undone + 1 },
    writes: [
      { uuid: t?.actorUuid ?? '', update: combatantUpdate({ pv: restored.pv, states: restored.states }) },
    ],
  };
}

async function performEscape(
  card: Card,
  actionId: 'whipPull' | 'whipSlip',
  env: FlowEnv,
): Promise<FlowResult<FantasiaAttackState>> {
  const t = target(card);
  const victim = need(env, t?.actorUuid, t?.name ?? '');
  const holder = need(env, card.actorUuid, card.state.attackerName);
  const options = optionsSource();
  const writes: DocumentWrite[] = [];
  let roll: ResistanceRoll;
  if (actionId === 'whipPull') {
    const r = await env.roll((dice) => whipPull(victim, holder, dice, options));
    roll = r.roll;
    writes.push({ uuid: t?.actorUuid ?? '', update: combatantUpdate(r.victim.diff.after) });
    writes.push({ uuid: card.actorUuid, update: combatantUpdate(r.attacker.diff.after) });
  } else {
    const r = await env.roll((dice) => whipSlip(victim, holder, dice, options));
    roll = r.roll;
    writes.push({ uuid: t?.actorUuid ?? '', update: combatantUpdate(r.victim.diff.after) });
  }
  const kind = actionId === 'whipPull' ? 'pull' : 'slip';
  return {
    step: card.step,
    state: { ...card.state, escapes: [...card.state.escapes, { kind, roll }] },
    writes,
  };
}

/** F-U3: the victim's escape (FOR vs FOR) or one round of strangling (asphyxia, ruling). */
async function performLutte(
  card: Card,
  actionId: 'lutteEscape' | 'lutteStrangle',
  env: FlowEnv,
): Promise<FlowResult<FantasiaAttackState>> {
  const t = target(card);
  const victim = need(env, t?.actorUuid, t?.name ?? '');
  const holder = need(env, card.actorUuid, card.state.attackerName);
  const options = optionsSource();
  const round = combatRound(card, env) ?? 0;
  let entry: LutteRound;
  let after: ReturnType<typeof applyChange>;
  if (actionId === 'lutteEscape') {
    const r = await env.roll((dice) => breakFree(victim, holder, dice, options));
    entry = { kind: 'escape', round, roll: r.roll, damage: 0 };
    after = r.victim;
  } else {
    const squeezed = await env.roll((dice) => strangleRound(victim, dice));
    entry = { kind: 'strangle', round, roll: null, damage: squeezed.damage };
    after = squeezed.victim;
  }
  return {
    step: card.step,
    state: { ...card.state, lutteRounds: [...(card.state.lutteRounds ?? []), entry] },
    writes: [{ uuid: t?.actorUuid ?? '', update: combatantUpdate(after.diff.after) }],
  };
}

/** F-W6 too much powder: the round's readiness gets the doubled countdown (GM side). */
function powderWrite(card: Card, rounds: number | undefined): DocumentWrite[] {
  if (rounds === undefined) return [];
  const write = fantasiaRound().readinessWrite?.(card.combatId, card.actorUuid, card.state.attack.weapon.id, {
    kind: 'powderDoubled',
    rounds,
  });
  return write ? [write] : [];
}

async function performFumble(
  card: Card,
  option: FumbleOptionId,
  env: FlowEnv,
): Promise<FlowResult<FantasiaAttackState>> {
  const attacker = need(env, card.actorUuid, card.state.attackerName);
  const options = optionsSource();
  const needsFriend = fumbleOptions(card.state.attack).find((o) => o.id === option)?.needsFriend;
  const friendTarget = needsFriend ? env.userTargets()[0] : undefined;
  if (needsFriend && !friendTarget) throw new RulesError('PDA.Error.CardNeedFriend');
  const friend = friendTarget ? need(env, friendTarget.actorUuid, friendTarget.name) : undefined;
  const { outcome, reloadRounds } = await env.roll((dice) => {
    const result = resolveFumble(
      card.state.attack,
      option,
      { attacker, ...(friend ? { friend } : {}) },
      dice,
      options,
    );
    const doubled = result.arquebus?.reloadDoubled === true;
    const rounds = doubled
      ? startArquebusReload(attacker, card.state.attack.weapon.id, dice, true).rounds
      : undefined;
    return { outcome: result, reloadRounds: rounds };
  });
  const fumble = {
    option,
    roll: outcome.roll ?? outcome.arquebus?.chance ?? null,
    incident: outcome.arquebus?.incident ?? null,
    burstDamage: outcome.arquebus?.burstDamage ?? 0,
    friendName: friendTarget?.name ?? '',
    ...(reloadRounds !== undefined ? { reloadRounds } : {}),
  };
  if (friendTarget && outcome.friendDamage) {
    // The blow lands on the friend: the card goes on with the friend as its target.
    return {
      step: STEP.damage,
      state: { ...card.state, fumble, damage: outcome.friendDamage },
      targets: [friendTarget],
    };
  }
  return {
    step: STEP.done,
    state: { ...card.state, fumble },
    writes: [
      { uuid: card.actorUuid, update: combatantUpdate(outcome.attacker.diff.after) },
      ...powderWrite(card, reloadRounds),
    ],
  };
}

async function performMishap(card: Card, env: FlowEnv): Promise<FlowResult<FantasiaAttackState>> {
  const attacker = need(env, card.actorUuid, card.state.attackerName);
  const options = optionsSource();
  const weaponId = card.state.attack.weapon.id;
  const { m, reloadRounds } = await env.roll((dice) => {
    const mishap = resolveArquebusMishap(attacker, weaponId, dice, options);
    const rounds = mishap.reloadDoubled
      ? startArquebusReload(attacker, weaponId, dice, true).rounds
      : undefined;
    return { m: mishap, reloadRounds: rounds };
  });
  return {
    step: STEP.done,
    state: {
      ...card.state,
      mishap: {
        chance: m.chance,
        incident: m.incident ?? null,
        burstDamage: m.burstDamage ?? 0,
        ...(reloadRounds !== undefined ? { reloadRounds } : {}),
      },
    },
    writes: [
      { uuid: card.actorUuid, update: combatantUpdate(m.applied.diff.after) },
      ...powderWrite(card, reloadRounds),
    ],
  };
}

// ------------------------------------------------------------------------------------ context

function attackContext(card: Card, env: FlowEnv) {
  const s = card.state;
  const attack = s.attack;
  const t = target(card);
  const sections: CardSection[] = [];
  const notes: { text: string; rule?: string }[] = [];
  if (s.intent.thrustId) {
    const name = attack.thrust
      ? env.t({ key: attack.thrust.thrust.name })
      : safeBotteName(s.intent.thrustId, env);
    notes.push({ text: env.t({ key: 'PDA.Chat.Note.Thrust', data: { name } }), rule: 'F-B2' });
  }
  if (attack.thrust && attack.critical)
    notes.push({ text: env.t({ key: 'PDA.Chat.Note.CriticalThrust' }), rule: 'F-B4' });
  if (s.intent.knockOut) notes.push({ text: env.t({ key: 'PDA.Chat.Note.KnockOut' }), rule: 'F-U4' });
  if (s.intent.lutte && attack.weapon.skill === 'lutte')
    notes.push({
      text: env.t({
        key: 'PDA.Chat.Note.LutteIntent',
        data: { hold: env.t({ key: `PDA.Chat.Lutte.${s.intent.lutte}` }) },
      }),
      rule: 'F-U3',
    });
  sections.push({
    title: env.t({ key: 'PDA.Chat.Section.Attack' }),
    css: 'pda-card__attack',
    check: percentCheck(attack.roll, env),
    rows: modifierRows(
      env.t({
        key: 'PDA.Chat.Row.Skill',
        data: { skill: env.t({ key: `PDA.Chat.Skill.${attack.weapon.skill}` }) },
      }),
      attack.roll,
      env,
      'F-H1',
    ),
    notes,
  });

  if (card.step === STEP.defence) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Defence' }),
      rows: [],
      notes: [{ text: env.t({ key: 'PDA.Chat.Note.DefenderChooses', data: { name: t?.name ?? '' } }) }],
    });
  }
  if (s.defence && s.defence.kind !== 'none') {
    const d = s.defence;
    const key = d.kind === 'parry' ? 'PDA.Chat.Row.Parry' : 'PDA.Chat.Row.Dodge';
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Defence' }),
      ...(d.roll ? { check: percentCheck(d.roll, env) } : {}),
      rows: d.roll
        ? modifierRows(
            env.t({ key, data: { name: env.t({ key: d.withName }) } }),
            d.roll,
            env,
            d.kind === 'parry' ? 'F-D2' : 'F-D1',
          )
        : [],
      notes: d.roll ? [] : [{ text: env.t({ key: 'PDA.Chat.Note.ParryFails' }), rule: 'F-B7' }],
    });
  } else if (s.defence) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Defence' }),
      rows: [],
      notes: [
        {
          text: env.t({
            key:
              attack.thrust && attack.critical ? 'PDA.Chat.Note.NoDefenceAllowed' : 'PDA.Chat.Note.NoDefence',
          }),
          rule: attack.thrust && attack.critical ? 'F-B4' : 'F-H1',
        },
      ],
    });
  }
  if (s.damage) sections.push(damageSection(s.damage, s, env));
  if (s.whip) sections.push(whipSection(s.whip, env));
  if (s.hold) sections.push(holdSection(s.hold, s, env));
  for (const r of s.lutteRounds ?? []) sections.push(lutteRoundSection(r, env));
  for (const e of s.escapes) {
    sections.push({
      title: env.t({ key: e.kind === 'pull' ? 'PDA.Chat.Action.WhipPull' : 'PDA.Chat.Action.WhipSlip' }),
      check: resistanceCheck(e.roll, env),
      rows: [],
      notes: [],
    });
  }
  if (s.fumble) sections.push(fumbleSection(s, env));
  if (s.mishap) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Mishap' }),
      check: percentCheck(s.mishap.chance, env),
      rows: [
        ...(s.mishap.incident
          ? [
              {
                label: env.t({ key: 'PDA.Chat.Row.Incident' }),
                value: env.t({ key: `PDA.Chat.Incident.${s.mishap.incident}` }),
                rule: 'F-W6',
              },
            ]
          : []),
        ...reloadRows(s.mishap.reloadRounds, env),
      ],
      notes: s.mishap.burstDamage
        ? [
            {
              text: env.t({ key: 'PDA.Chat.Note.Burst', data: { damage: s.mishap.burstDamage } }),
              rule: 'F-W6',
            },
          ]
        : [],
    });
  }
  if (card.step === STEP.fumble) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Fumble' }),
      rows: [],
      notes: [{ text: env.t({ key: 'PDA.Chat.Note.GMPicks' }), rule: rules(['F-H6', 'F-H7', 'F-H8']) }],
    });
  }
  if (card.step === STEP.done && !attack.hit && !s.fumble && !s.mishap) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Result' }),
      rows: [],
      notes: [{ text: env.t({ key: 'PDA.Chat.Note.Missed' }), rule: 'F-H1' }],
    });
  }
  if (card.step === STEP.done && s.defence?.success) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Result' }),
      rows: [],
      notes: [
        {
          text: env.t({ key: s.defence.kind === 'parry' ? 'PDA.Chat.Note.Parried' : 'PDA.Chat.Note.Dodged' }),
          rule: s.defence.kind === 'parry' ? 'F-D2' : 'F-D1',
        },
      ],
    });
  }
  return {
    title: env.t({
      key: 'PDA.Chat.Title.Attack',
      data: { attacker: s.attackerName, weapon: env.t({ key: attack.weapon.name }) },
    }),
    subtitle: t ? env.t({ key: 'PDA.Chat.Subtitle.Target', data: { name: t.name } }) : '',
    sections,
  };
}

/** A label whose `name` may itself be a key (catalogue weapons): localize it first. */
function localizedName(text: Text, env: FlowEnv): Text {
  const name = text.data?.name;
  return typeof name === 'string' ? { ...text, data: { ...text.data, name: env.t({ key: name }) } } : text;
}

function safeBotteName(id: string, env: FlowEnv): string {
  try {
    return env.t({ key: findBotte(id).name });
  } catch {
    return id;
  }
}

function damageSection(damage: DamageResult, s: FantasiaAttackState, env: FlowEnv): CardSection {
  const rows: CardRow[] = damage.parts.map((p) => ({
    label: env.t({ key: p.key }),
    value: `${p.formula} [${p.dice.join(', ')}] = ${p.total}`,
    rule: p.rule,
  }));
  if (damage.knockOut) {
    rows.push({
      label: env.t({ key: 'PDA.Chat.Row.KnockOut' }),
      value: `${damage.knockOut.label} → ${damage.knockOut.roll ?? '—'}`,
      rule: 'F-U4',
    });
  }
  rows.push({ label: env.t({ key: 'PDA.Chat.Row.Armour' }), value: signed(-damage.armour), rule: 'F-H3' });
  rows.push({
    label: env.t({ key: 'PDA.Chat.Row.Total' }),
    value: String(damage.total),
    css: 'pda-row--total',
  });
  const notes: { text: string; rule?: string }[] = [];
  if (damage.knockOut?.success)
    notes.push({
      text: env.t({
        key: 'PDA.Chat.Note.KnockedOut',
        data: { hours: damage.states.unconscious?.hours ?? 0 },
      }),
      rule: 'F-U4',
    });
  for (const o of damage.offers)
    notes.push({ text: env.t({ key: o.key, ...(o.data ? { data: o.data } : {}) }), rule: o.rule });
  for (const o of s.offersTaken ?? []) {
    const success = o.roll ? o.roll.success : true;
    notes.push({
      text: env.t({
        key: `PDA.Chat.Note.Offer.${o.id}.${success ? 'yes' : 'no'}`,
        data: { roll: o.roll?.roll ?? '', target: o.roll?.target ?? '', damage: o.damage },
      }),
      rule: 'F-B7',
    });
  }
  if (s.applied) {
    notes.push({
      text: env.t({
        key: 'PDA.Chat.Note.Applied',
        data: { before: s.applied.before.pv.value, after: s.applied.after.pv.value },
      }),
    });
  } else if (s.undone > 0) {
    notes.push({ text: env.t({ key: 'PDA.Chat.Note.Undone' }) });
  }
  return { title: env.t({ key: 'PDA.Chat.Section.Damage' }), css: 'pda-card__damage', rows, notes };
}

/** F-W6: the doubled reload countdown after too much powder. */
function reloadRows(rounds: number | undefined, env: FlowEnv): CardRow[] {
  if (rounds === undefined) return [];
  return [
    {
      label: env.t({ key: 'PDA.Chat.Row.ReloadRounds' }),
      value: env.t({ key: 'PDA.Chat.ReloadDoubled', data: { rounds } }),
      rule: 'F-W6',
    },
  ];
}

function holdSection(hold: HoldOutcome, s: FantasiaAttackState, env: FlowEnv): CardSection {
  const result = hold.success ? 'yes' : 'no';
  return {
    title: env.t({ key: 'PDA.Chat.Section.Lutte' }),
    ...(hold.roll ? { check: resistanceCheck(hold.roll, env) } : {}),
    rows: [],
    notes: [
      { text: env.t({ key: `PDA.Chat.Hold.${hold.kind}.${result}` }), rule: 'F-U3' },
      ...(hold.success && hold.kind === 'strangle'
        ? [
            {
              text: env.t({
                key: 'PDA.Chat.Note.StrangleEachRound',
                data: { damage: s.attack.weapon.damage },
              }),
              rule: 'F-U3',
            },
          ]
        : []),
    ],
  };
}

function lutteRoundSection(r: LutteRound, env: FlowEnv): CardSection {
  if (r.kind === 'escape') {
    return {
      title: env.t({ key: 'PDA.Chat.Action.LutteEscape' }),
      ...(r.roll ? { check: resistanceCheck(r.roll, env) } : {}),
      rows: [],
      notes: [
        {
          text: env.t({ key: r.roll?.success ? 'PDA.Chat.Note.BrokeFree' : 'PDA.Chat.Note.StillHeld' }),
          rule: 'F-U3',
        },
      ],
    };
  }
  return {
    title: env.t({ key: 'PDA.Chat.Action.LutteStrangle' }),
    rows: [{ label: env.t({ key: 'PDA.Chat.Row.Asphyxia' }), value: String(r.damage), rule: 'F-U3' }],
    notes: [],
  };
}

function whipSection(w: WhipOutcome, env: FlowEnv): CardSection {
  const check = w.resistance
    ? resistanceCheck(w.resistance, env)
    : w.percent
      ? percentCheck(w.percent, env)
      : undefined;
  return {
    title: env.t({ key: 'PDA.Chat.Section.Whip' }),
    ...(check ? { check } : {}),
    rows: [],
    notes: [{ text: env.t({ key: `PDA.Chat.Whip.${w.effect}.${w.success ? 'yes' : 'no'}` }), rule: 'F-W2' }],
  };
}

function fumbleSection(s: FantasiaAttackState, env: FlowEnv): CardSection {
  const f = s.fumble;
  if (!f) return { title: '', rows: [], notes: [] };
  const rows: CardRow[] = [
    {
      label: env.t({ key: 'PDA.Chat.Row.FumbleChoice' }),
      value: env.t({ key: `PDA.Fantasia.Fumble.${f.option}` }),
    },
  ];
  if (f.incident)
    rows.push({
      label: env.t({ key: 'PDA.Chat.Row.Incident' }),
      value: env.t({ key: `PDA.Chat.Incident.${f.incident}` }),
      rule: 'F-W6',
    });
  rows.push(...reloadRows(f.reloadRounds, env));
  const notes: { text: string; rule?: string }[] = [];
  if (f.friendName)
    notes.push({ text: env.t({ key: 'PDA.Chat.Note.FriendHit', data: { name: f.friendName } }) });
  if (f.burstDamage)
    notes.push({
      text: env.t({ key: 'PDA.Chat.Note.Burst', data: { damage: f.burstDamage } }),
      rule: 'F-W6',
    });
  return {
    title: env.t({ key: 'PDA.Chat.Section.Fumble' }),
    ...(f.roll ? { check: percentCheck(f.roll, env) } : {}),
    rows,
    notes,
  };
}
