import { ensure, RulesError } from '../core/errors';
import { roll } from '../dice/formula';
import type { Dice } from '../dice/port';
import type {
  Budget,
  CarryOverContext,
  CombatantId,
  DeclarationContext,
  InitiativeEntry,
  Requester,
  RoundCombatant,
  RoundRules,
  RoundState,
  RoundStep,
  ScheduleContext,
  Slot,
  SlotSpec,
} from '../round/types';
import { fightCondition, type ZeroPvRule } from './fallen';
import { DEFAULT_FANTASIA_OPTIONS } from './options';
import type { FantasiaCombatant, FantasiaStates, FantasiaWeapon } from './types';

/*
 * Fantasia's round (F-R1..F-R10): initiative by DEX, declarations of intent in initiative order,
 * then three passes — ready missiles (1), everyone else (2), drawing / nocking and late missiles
 * (3). Crossbows reload through passes 2 and 3 (F-W5); arquebuses count reload rounds (F-W6).
 * Rulings on the gaps are in docs/rulings/round.md.
 */

// ---------------------------------------------------------------------------------------------
// Types

/** The part of a Fantasia combatant the round needs. */
export interface FantasiaRoundCombatant extends RoundCombatant {
  readonly dex: number;
  /** Orders spell casting (F-R7). */
  readonly int: number;
  readonly weapons: readonly FantasiaWeapon[];
  /** Caught by surprise or ambushed (F-R10): nothing drawn, no attack in round 1. */
  readonly surprised?: boolean;
  readonly states?: FantasiaStates;
  /** Out of the fight or dead by its PV (ruling "F-H1 0 PV"): it declares nothing. */
  readonly fallen?: 'out' | 'dead';
}

/** Readiness of one weapon, carried from round to round. */
export interface WeaponReadiness {
  /** In hand (drawn). */
  readonly ready: boolean;
  /** Nocked / spanned and bolted / charged. Thrown and melee weapons count as loaded. */
  readonly loaded: boolean;
  /** Arquebus (F-W6): reload rounds still to spend. */
  readonly reloadRoundsLeft?: number;
}

export interface FantasiaReadiness {
  readonly weapons: Readonly<Record<string, WeaponReadiness>>;
}

export const INTENT_KINDS = [
  'shoot',
  'throw',
  'melee',
  'knockout',
  'move',
  'dodge',
  'parry',
  'cast',
  'draw',
  'reload',
  'other',
] as const;
export type IntentKind = (typeof INTENT_KINDS)[number];

export interface FantasiaIntent {
  readonly kind: IntentKind;
  /** Weapon used (shoot, throw, melee, knockout, parry, draw, reload). None for melee = unarmed. */
  readonly weaponId?: string;
  /** Target combatant, when the intent has one. */
  readonly targetId?: string;
  /** Shoot/throw: hold the shot for pass 3 instead of pass 1 (F-R8). */
  readonly hold?: boolean;
  /** Crossbow shot in pass 1: reload in passes 2 and 3 (F-W5). Default true. */
  readonly reloadAfter?: boolean;
  /** Free text: the spell's name, what "other" means… */
  readonly note?: string;
}

/** A declaration of intent (F-R5). For a PNJ, `intents` are the GM's secret; `publicText` is shown. */
export interface FantasiaDeclaration {
  readonly intents: readonly FantasiaIntent[];
  /** What players are told of a PNJ's intent ("reaches for the sword on his back"). */
  readonly publicText?: string;
}

export type FantasiaRoundState = RoundState<FantasiaRoundCombatant, FantasiaDeclaration, FantasiaReadiness>;

// ---------------------------------------------------------------------------------------------
// Steps and helpers

export const FANTASIA_STEPS: readonly RoundStep[] = [
  { id: 'initiative', kind: 'initiative', label: 'PDA.Round.Step.Initiative' },
  { id: 'declaration', kind: 'declare', label: 'PDA.Round.Step.Declaration' },
  { id: 'pass1', kind: 'resolve', pass: 1, label: 'PDA.Round.Step.Pass1' },
  { id: 'pass2', kind: 'resolve', pass: 2, label: 'PDA.Round.Step.Pass2' },
  { id: 'pass3', kind: 'resolve', pass: 3, label: 'PDA.Round.Step.Pass3' },
];

const ATTACKS: ReadonlySet<IntentKind> = new Set(['shoot', 'throw', 'melee', 'knockout']);
const MISSILE_USES: ReadonlySet<IntentKind> = new Set(['shoot', 'throw']);
const ONCE_A_ROUND: readonly IntentKind[] = ['move', 'dodge', 'parry', 'cast', 'knockout'];

/** Localization key of an intent kind's label. */
export function intentLabel(kind: IntentKind): string {
  return `PDA.Round.Action.${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
}

/** Builds the round's view of a full Fantasia combatant. */
export function toRoundCombatant(
  combatant: FantasiaCombatant,
  options: { readonly surprised?: boolean; readonly zeroPv?: ZeroPvRule } = {},
): FantasiaRoundCombatant {
  const condition = fightCondition(combatant, options.zeroPv ?? DEFAULT_FANTASIA_OPTIONS.zeroPv);
  return {
    id: combatant.id,
    name: combatant.name,
    side: combatant.kind === 'aventurier' ? 'pc' : 'npc',
    dex: combatant.characteristics.DEX,
    int: combatant.characteristics.INT,
    weapons: combatant.weapons ?? [],
    states: combatant.states,
    ...(options.surprised ? { surprised: true } : {}),
    ...(condition !== 'fighting' ? { fallen: condition } : {}),
  };
}

function isMissile(weapon: FantasiaWeapon): boolean {
  return weapon.kind === 'missile' || weapon.kind === 'firearm' || weapon.kind === 'thrown';
}

/** Reloads by winding or ramming: cannot be fired again without a reload action. */
function needsReload(weapon: FantasiaWeapon): boolean {
  return weapon.reload === 'crossbow' || weapon.reload === 'arquebus';
}

function weaponOf(
  combatant: FantasiaRoundCombatant,
  weaponId: string | undefined,
): FantasiaWeapon | undefined {
  if (weaponId === undefined) return undefined;
  const weapon = combatant.weapons.find((w) => w.id === weaponId);
  if (!weapon) throw new RulesError('PDA.Error.Round.UnknownWeapon', { id: weaponId });
  return weapon;
}

function readinessFor(readiness: FantasiaReadiness, weapon: FantasiaWeapon): WeaponReadiness {
  return readiness.weapons[weapon.id] ?? { ready: weapon.ready, loaded: weapon.loaded };
}

/** Ready to loose in pass 1: in hand and loaded (thrown weapons need only be in hand). F-R6. */
export function missileReady(readiness: FantasiaReadiness, weapon: FantasiaWeapon): boolean {
  const r = readinessFor(readiness, weapon);
  return r.ready && (weapon.kind === 'thrown' || r.loaded);
}

// ---------------------------------------------------------------------------------------------
// Initiative (F-R2, F-R3, F-R4)

/** Rerolls allowed among fighters still tied on the d10 before their listed order stands. */
export const MAX_TIE_REROLLS = 20;

/**
 * Orders `members` (indices into `rolls`) by d10s, highest first: everyone rolls in turn, the
 * still tied roll again (the order is stable), up to MAX_TIE_REROLLS times; each d10 is kept in
 * `rolls` for the tracker. Appends the order to `out`.
 */
function breakTies(
  members: readonly number[],
  dice: Dice,
  rolls: readonly number[][],
  out: number[],
  depth = 0,
): void {
  const n = members.length;
  if (n < 2 || depth >= MAX_TIE_REROLLS) {
    for (let k = 0; k < n; k++) out.push(members[k] as number);
    return;
  }
  const values: number[] = [];
  for (let k = 0; k < n; k++) {
    const value = dice.die(10);
    (rolls[members[k] as number] as number[]).push(value);
    values.push(value);
  }
  // Positions 0..n-1 by value, highest first, equal values in their order (insertion sort).
  const order: number[] = [];
  for (let k = 0; k < n; k++) {
    const v = values[k] as number;
    let at = order.length;
    while (at > 0 && (values[order[at - 1] as number] as number) < v) at--;
    order.splice(at, 0, k);
  }
  for (let k = 0; k < n;) {
    const value = values[order[k] as number];
    let m = k + 1;
    while (m < n && values[order[m] as number] === value) m++;
    if (m - k === 1) out.push(members[order[k] as number] as number);
    else {
      const tied: number[] = [];
      for (let x = k; x < m; x++) tied.push(members[order[x] as number] as number);
      breakTies(tied, dice, rolls, out, depth + 1);
    }
    k = m;
  }
}

/**
 * F-R2 DEX highest first; F-R4 on equal DEX Aventuriers before PNJ without a roll; F-R3 among the
 * same side each rolls 1d10, highest first, and those still tied roll again (ruling).
 */
export function fantasiaInitiative(
  combatants: readonly FantasiaRoundCombatant[],
  dice: Dice,
): InitiativeEntry[] {
  // DEX highest first; equal DEX keeps the combatants' order (a stable insertion sort: a handful
  // of fighters, often listed by DEX already, every round of a simulated fight).
  const sorted: FantasiaRoundCombatant[] = [];
  for (const c of combatants) {
    let at = sorted.length;
    while (at > 0 && (sorted[at - 1] as FantasiaRoundCombatant).dex < c.dex) at--;
    sorted.splice(at, 0, c);
  }
  const entries: InitiativeEntry[] = [];
  // The d10s of sorted[k], for the fighters of a tied group.
  const rolls: number[][] = [];
  for (let i = 0; i < sorted.length;) {
    const dex = (sorted[i] as FantasiaRoundCombatant).dex;
    let j = i + 1;
    while (j < sorted.length && (sorted[j] as FantasiaRoundCombatant).dex === dex) j++;
    if (j - i === 1) {
      // Nobody else at this DEX (the common case): no roll.
      const c = sorted[i] as FantasiaRoundCombatant;
      entries.push({ combatantId: c.id, score: dex, tieBreak: [], reason: 'PDA.Round.Initiative.Dex' });
      i = j;
      continue;
    }
    let pcs = 0;
    for (let k = i; k < j; k++) {
      rolls[k] = [];
      if ((sorted[k] as FantasiaRoundCombatant).side === 'pc') pcs++;
    }
    const mixed = pcs > 0 && pcs < j - i;
    for (const side of SIDES) {
      const members: number[] = [];
      for (let k = i; k < j; k++) if ((sorted[k] as FantasiaRoundCombatant).side === side) members.push(k);
      const ordered: number[] = [];
      breakTies(members, dice, rolls, ordered);
      for (const k of ordered) {
        const c = sorted[k] as FantasiaRoundCombatant;
        const tieBreak = rolls[k] as number[];
        const reason = tieBreak.length
          ? 'PDA.Round.Initiative.D10'
          : mixed
            ? 'PDA.Round.Initiative.PcFirst'
            : 'PDA.Round.Initiative.Dex';
        entries.push({ combatantId: c.id, score: dex, tieBreak, reason });
      }
    }
    i = j;
  }
  return entries;
}

const SIDES = ['pc', 'npc'] as const;

// ---------------------------------------------------------------------------------------------
// Readiness

/** Readiness before round 1: the weapons' own state, or nothing drawn when surprised (F-R10). */
export function fantasiaInitialReadiness(combatant: FantasiaRoundCombatant): FantasiaReadiness {
  const weapons: Record<string, WeaponReadiness> = {};
  for (const w of combatant.weapons) {
    weapons[w.id] = combatant.surprised
      ? { ready: false, loaded: w.kind === 'thrown' || w.kind === 'melee' ? true : w.loaded }
      : { ready: w.ready, loaded: w.loaded };
  }
  return { weapons };
}

// ---------------------------------------------------------------------------------------------
// Declarations (F-R5, F-D1, F-D2, F-R8, F-R9, F-R10, F-U4, F-W5, F-W6)

function weaponUnusable(combatant: FantasiaRoundCombatant, weapon: FantasiaWeapon): boolean {
  const states = combatant.states;
  if (!states) return false;
  return (
    (states.weaponBroken ?? []).includes(weapon.id) ||
    states.jammed?.weaponId === weapon.id ||
    states.disarmed?.weaponId === weapon.id
  );
}

/** Throws a RulesError naming why the declaration is impossible; returns nothing when it is fine. */
export function validateFantasiaDeclaration(
  context: DeclarationContext<FantasiaRoundCombatant, FantasiaDeclaration, FantasiaReadiness>,
): void {
  const { state, combatant, readiness, declaration } = context;
  const intents = declaration.intents;
  ensure(Array.isArray(intents) && intents.length > 0, 'PDA.Error.Round.EmptyDeclaration');
  if (combatant.fallen)
    throw new RulesError(
      combatant.fallen === 'dead' ? 'PDA.Error.Round.FallenDead' : 'PDA.Error.Round.FallenOut',
      {
        name: combatant.name,
        rule: 'F-H1',
      },
    );
  const count = (kind: IntentKind): number => intents.filter((i) => i.kind === kind).length;
  const has = (kind: IntentKind): boolean => count(kind) > 0;

  for (const intent of intents) {
    ensure((INTENT_KINDS as readonly string[]).includes(intent.kind), 'PDA.Error.Round.UnknownIntent', {
      kind: String(intent.kind),
    });
    if (intent.targetId !== undefined) {
      ensure(state.combatants[intent.targetId] !== undefined, 'PDA.Error.UnknownCombatant', {
        id: intent.targetId,
      });
    }
  }

  // Combinations.
  ensure(intents.filter((i) => MISSILE_USES.has(i.kind)).length <= 1, 'PDA.Error.Round.OneMissile');
  ensure(count('parry') <= 1, 'PDA.Error.Round.OneParry');
  for (const kind of ONCE_A_ROUND) {
    ensure(count(kind) <= 1, 'PDA.Error.Round.Twice', { action: kind });
  }
  const attacks = intents.some((i) => ATTACKS.has(i.kind));
  ensure(!(has('dodge') && attacks), 'PDA.Error.Round.DodgeNoAttack');
  ensure(!(has('draw') && attacks), 'PDA.Error.Round.DrawNoAttack');
  if (attacks) {
    // F-R10: the surprise sheathes weapons; fists (Bagarre, Lutte) need nothing drawn.
    const armed = intents.some((i) => {
      if (!ATTACKS.has(i.kind)) return false;
      const w = weaponOf(combatant, i.weaponId);
      return w !== undefined && w.kind !== 'unarmed';
    });
    ensure(!(combatant.surprised && state.round === 1 && armed), 'PDA.Error.Round.Surprised', {
      name: combatant.name,
    });
    ensure(!combatant.states?.skipNextAttack, 'PDA.Error.Round.LostBalance', { name: combatant.name });
  }
  if (has('move')) {
    ensure(!combatant.states?.cannotMove && !combatant.states?.immobilised, 'PDA.Error.Round.CannotMove', {
      name: combatant.name,
    });
  }

  // Weapon per intent.
  let reloading: FantasiaWeapon | undefined;
  for (const intent of intents) {
    const weapon = weaponOf(combatant, intent.weaponId);
    const r = weapon ? readinessFor(readiness, weapon) : undefined;
    if (weapon) {
      ensure(!weaponUnusable(combatant, weapon), 'PDA.Error.Round.WeaponUnusable', { weapon: weapon.name });
    }
    switch (intent.kind) {
      case 'shoot':
      case 'throw': {
        if (!weapon || !r) throw new RulesError('PDA.Error.Round.NeedWeapon', { action: intent.kind });
        const fits =
          intent.kind === 'throw'
            ? weapon.kind === 'thrown'
            : weapon.kind === 'missile' || weapon.kind === 'firearm';
        ensure(fits, 'PDA.Error.Round.WrongWeapon', {
          weapon: weapon.name,
          action: intent.kind,
        });
        ensure(r.ready || weapon.kind === 'thrown', 'PDA.Error.Round.NotDrawn', { weapon: weapon.name });
        if (needsReload(weapon)) {
          ensure(r.loaded, 'PDA.Error.Round.NotLoaded', { weapon: weapon.name });
          if (
            weapon.reload === 'crossbow' &&
            missileReady(readiness, weapon) &&
            !intent.hold &&
            intent.reloadAfter !== false
          ) {
            reloading = weapon;
          }
        }
        break;
      }
      case 'melee':
      case 'knockout': {
        if (weapon && r) {
          ensure(!isMissile(weapon) || weapon.kind === 'thrown', 'PDA.Error.Round.WrongWeapon', {
            weapon: weapon.name,
            action: intent.kind,
          });
          ensure(r.ready, 'PDA.Error.Round.NotDrawn', { weapon: weapon.name });
          if (intent.kind === 'knockout') {
            ensure(weapon.blunt || weapon.kind === 'unarmed', 'PDA.Error.Round.KnockOutWeapon', {
              weapon: weapon.name,
            });
          }
        }
        break;
      }
      case 'parry': {
        if (weapon && r) {
          ensure(weapon.canParry, 'PDA.Error.Round.CannotParryWith', { weapon: weapon.name });
          ensure(r.ready, 'PDA.Error.Round.NotDrawn', { weapon: weapon.name });
        }
        break;
      }
      case 'draw': {
        if (!weapon || !r) throw new RulesError('PDA.Error.Round.NeedWeapon', { action: 'draw' });
        const nockable = weapon.reload === 'bow';
        ensure(!r.ready || (nockable && !r.loaded), 'PDA.Error.Round.AlreadyReady', { weapon: weapon.name });
        break;
      }
      case 'reload': {
        if (!weapon || !r) throw new RulesError('PDA.Error.Round.NeedWeapon', { action: 'reload' });
        ensure(needsReload(weapon), 'PDA.Error.Round.NothingToReload', { weapon: weapon.name });
        ensure(!r.loaded, 'PDA.Error.Round.AlreadyReady', { weapon: weapon.name });
        ensure(r.ready, 'PDA.Error.Round.NotDrawn', { weapon: weapon.name });
        ensure(count('reload') <= 1, 'PDA.Error.Round.Twice', { action: 'reload' });
        reloading = weapon;
        break;
      }
      default:
        break;
    }
  }
  if (reloading) {
    // F-W5: both hands on the windlass: no move, parry or dodge while reloading.
    ensure(!has('move') && !has('parry') && !has('dodge'), 'PDA.Error.Round.ReloadingBusy', {
      weapon: reloading.name,
    });
  }
}

/** Declaration given to a silent combatant when the GM forces the passes: "other" in pass 2. */
export function fantasiaDefaultDeclaration(): FantasiaDeclaration {
  return { intents: [{ kind: 'other' }] };
}

// ---------------------------------------------------------------------------------------------
// Schedule (F-R6..F-R9, F-W5, F-W6)

interface Draft extends SlotSpec {
  readonly rank: number;
  readonly seq: number;
}

/** The three passes for a set of declarations, in acting order. Pure; no dice. */
export function buildFantasiaSchedule(
  context: ScheduleContext<FantasiaRoundCombatant, FantasiaDeclaration, FantasiaReadiness>,
): SlotSpec[] {
  const { state, declarations } = context;
  const out = new Set(state.out);
  const drafts: Draft[] = [];
  let seq = 0;
  state.order.forEach((entry, rank) => {
    const combatant = state.combatants[entry.combatantId];
    const declaration = declarations[entry.combatantId];
    const readiness = state.readiness[entry.combatantId];
    if (!combatant || !declaration || !readiness || out.has(combatant.id)) return;
    const secret = combatant.side === 'npc';
    const add = (
      pass: number,
      intentIndex: number,
      kind: IntentKind | 'reload',
      extra: Partial<SlotSpec> = {},
    ) => {
      const intent = declaration.intents[intentIndex];
      const detail: Record<string, string | number | boolean> = {};
      if (intent?.weaponId) detail.weaponId = intent.weaponId;
      if (intent?.targetId) detail.targetId = intent.targetId;
      drafts.push({
        combatantId: combatant.id,
        pass,
        action: kind,
        order: combatant.dex,
        intent: intentIndex,
        label: intentLabel(kind),
        ...(secret ? { secret: true } : {}),
        detail,
        ...extra,
        rank,
        seq: seq++,
      });
    };
    declaration.intents.forEach((intent, index) => {
      const weapon = intent.weaponId ? combatant.weapons.find((w) => w.id === intent.weaponId) : undefined;
      switch (intent.kind) {
        case 'shoot':
        case 'throw': {
          const ready = weapon !== undefined && missileReady(readiness, weapon);
          const pass = ready && !intent.hold ? 1 : 3;
          add(pass, index, intent.kind, { spends: 'missile' });
          if (pass === 1 && weapon?.reload === 'crossbow' && intent.reloadAfter !== false) {
            add(2, index, 'reload', { detail: { weaponId: weapon.id, afterShot: true } });
            add(3, index, 'reload', { detail: { weaponId: weapon.id, afterShot: true } });
          }
          break;
        }
        case 'cast':
          add(2, index, 'cast', { order: combatant.int });
          break;
        case 'parry':
          add(2, index, 'parry', { spends: 'parry' });
          break;
        case 'draw':
          add(3, index, 'draw');
          break;
        case 'reload':
          add(2, index, 'reload');
          add(3, index, 'reload');
          break;
        default:
          add(2, index, intent.kind);
      }
    });
  });
  drafts.sort((a, b) => a.pass - b.pass || b.order - a.order || a.rank - b.rank || a.seq - b.seq);
  return drafts.map(({ rank: _rank, seq: _seq, ...spec }) => spec);
}

// ---------------------------------------------------------------------------------------------
// Budgets and carry-over

/** One missile use (F-R9) and one parry (F-D2) a round. */
export function fantasiaBudgets(): Record<string, Budget> {
  return { missile: { max: 1, used: 0 }, parry: { max: 1, used: 0 } };
}

/**
 * F-R8, F-R9: the bow this combatant nocks and looses in its current pass-3 shooting slot (a bow in
 * hand but not nocked is scheduled there; nocking is part of that slot), if any.
 */
export function nockingInSlot(state: FantasiaRoundState, id: CombatantId): string | undefined {
  const slot = state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
  if (!slot || slot.combatantId !== id || slot.pass !== 3 || slot.action !== 'shoot') return undefined;
  const weaponId = String(slot.detail?.weaponId ?? '');
  const weapon = state.combatants[id]?.weapons.find((w) => w.id === weaponId);
  return weapon?.reload === 'bow' ? weapon.id : undefined;
}

/** Budget pool of the missile shots made on attack cards this round (F-R9). */
export const CARD_SHOT = 'shot';

/**
 * F-R9: the combatant has used its missile or thrown weapon this round, on a card (from the
 * sheet or the tracker) or in a shooting slot already over.
 */
export function missileUsedThisRound(state: FantasiaRoundState, id: CombatantId): boolean {
  const budgets = state.budgets[id];
  const spent = (pool: string): boolean => {
    const b = budgets?.[pool];
    return b !== undefined && b.used >= b.max;
  };
  return spent(CARD_SHOT) || spent('missile');
}

/** The round after a missile shot on a card (F-R9): the shot of the round is spent. */
export function withMissileShot(state: FantasiaRoundState, id: CombatantId): FantasiaRoundState {
  const budgets = state.budgets[id] ?? {};
  const shot = budgets[CARD_SHOT] ?? { max: 1, used: 0 };
  return {
    ...state,
    budgets: { ...state.budgets, [id]: { ...budgets, [CARD_SHOT]: { ...shot, used: shot.used + 1 } } },
  };
}

/** Reload time of an arquebus after a shot (F-W6). */
export const ARQUEBUS_RELOAD = '1d4+3';

/**
 * Readiness for the next round from what was actually done (slot statuses):
 * - a drawn weapon stays drawn; a bow drawn in pass 3 is nocked (F-R8);
 * - a bow or sling that shot is nocked again for the next round (ruling F-R9);
 * - a crossbow that shot is unloaded unless both reload slots were done (F-W5);
 * - an arquebus that shot needs 1d4+3 reload rounds, counted on rounds spent reloading (F-W6);
 *   a countdown already set during the round (too much powder, doubled) is kept, not rolled again.
 */
export function fantasiaCarryOver(
  context: CarryOverContext<FantasiaRoundCombatant, FantasiaDeclaration, FantasiaReadiness>,
): FantasiaReadiness {
  const { combatant, readiness, declaration, slots, dice } = context;
  const weapons: Record<string, WeaponReadiness> = {};
  for (const w of combatant.weapons) weapons[w.id] = readinessFor(readiness, w);
  if (!declaration) return { weapons };

  const done = (intent: number, action: string): Slot[] =>
    slots.filter((s) => s.intent === intent && s.action === action && s.status === 'done');
  const planned = (intent: number, action: string): Slot[] =>
    slots.filter((s) => s.intent === intent && s.action === action);

  declaration.intents.forEach((intent, index) => {
    const weapon = intent.weaponId ? combatant.weapons.find((w) => w.id === intent.weaponId) : undefined;
    if (!weapon) return;
    const current = weapons[weapon.id] ?? { ready: weapon.ready, loaded: weapon.loaded };
    const reloadDone = (): boolean => {
      const all = planned(index, 'reload');
      return all.length > 0 && all.length === done(index, 'reload').length;
    };
    switch (intent.kind) {
      case 'draw':
        if (done(index, 'draw').length) {
          weapons[weapon.id] = {
            ...current,
            ready: true,
            loaded: weapon.reload === 'bow' ? true : current.loaded,
          };
        }
        break;
      case 'shoot':
      case 'throw':
        if (!done(index, intent.kind).length) break;
        if (weapon.reload === 'crossbow') {
          weapons[weapon.id] = { ...current, ready: true, loaded: reloadDone() };
        } else if (weapon.reload === 'arquebus') {
          // A countdown set during the round (too much powder doubles it) stands.
          const set = !current.loaded ? current.reloadRoundsLeft : undefined;
          weapons[weapon.id] = {
            ready: true,
            loaded: false,
            reloadRoundsLeft: set ?? roll(ARQUEBUS_RELOAD, dice).total,
          };
        } else {
          weapons[weapon.id] = { ...current, ready: true, loaded: true };
        }
        break;
      case 'reload':
        if (!reloadDone()) break;
        if (weapon.reload === 'arquebus') {
          const left = Math.max(0, (current.reloadRoundsLeft ?? 1) - 1);
          weapons[weapon.id] =
            left > 0 ? { ready: true, loaded: false, reloadRoundsLeft: left } : { ready: true, loaded: true };
        } else {
          weapons[weapon.id] = { ...current, loaded: true };
        }
        break;
      default:
        break;
    }
  });
  return { weapons };
}

// ---------------------------------------------------------------------------------------------
// The plug-in

export const fantasiaRound: RoundRules<FantasiaRoundCombatant, FantasiaDeclaration, FantasiaReadiness> = {
  id: 'fantasia',
  steps: FANTASIA_STEPS,
  initiativeEvery: 'round',
  declarationOrder: 'initiative',
  orderInitiative: (combatants, dice) => fantasiaInitiative(combatants, dice),
  initialReadiness: fantasiaInitialReadiness,
  validateDeclaration: validateFantasiaDeclaration,
  defaultDeclaration: () => fantasiaDefaultDeclaration(),
  buildSchedule: buildFantasiaSchedule,
  budgets: () => fantasiaBudgets(),
  carryOver: fantasiaCarryOver,
};

// ---------------------------------------------------------------------------------------------
// What players may see (F-R5)

export interface DeclarationView {
  /** Exact intents, for the GM and the combatant's owner. */
  readonly intents?: readonly FantasiaIntent[];
  /** The vague announcement (PNJ seen by players). */
  readonly publicText?: string;
  readonly declared: boolean;
}

/** A declaration as `viewer` may see it: PNJ intents stay hidden from players (F-R5). */
export function declarationView(
  state: FantasiaRoundState,
  id: CombatantId,
  viewer: Requester,
): DeclarationView {
  const declaration = state.declarations[id];
  if (!declaration) return { declared: false };
  const combatant = state.combatants[id];
  const sees = viewer.gm || viewer.owns.includes(id) || combatant?.side === 'pc';
  if (sees)
    return {
      declared: true,
      intents: declaration.intents,
      ...(declaration.publicText ? { publicText: declaration.publicText } : {}),
    };
  return { declared: true, ...(declaration.publicText ? { publicText: declaration.publicText } : {}) };
}

/** Whether `viewer` may see what a slot does: secret slots show once current or over (F-R5). */
export function slotVisible(slot: Slot, viewer: Requester): boolean {
  return !slot.secret || slot.status !== 'waiting' || viewer.gm || viewer.owns.includes(slot.combatantId);
}
