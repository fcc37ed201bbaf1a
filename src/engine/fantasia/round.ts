import { ensure, RulesError } from '../core/errors';
import type {
  CombatantId,
  DeclarationContext,
  Requester,
  RoundRules,
  ScheduleContext,
  SlotSpec,
} from '../round/types';
import type { FantasiaWeapon } from './types';
import {
  type FantasiaRoundCombatant,
  type WeaponReadiness,
  type FantasiaReadiness,
  INTENT_KINDS,
  type IntentKind,
  type FantasiaIntent,
  type FantasiaDeclaration,
  type FantasiaRoundState,
  FANTASIA_STEPS,
  FANTASIA_CARD_SLOTS,
  ATTACKS,
  MISSILE_USES,
  ONCE_A_ROUND,
  intentLabel,
  isMissile,
  needsReload,
  weaponOf,
  readinessFor,
  missileReady,
} from './round-model';
import { fantasiaInitiative } from './initiative';
import { fantasiaBudgets, fantasiaCarryOver } from './carry-over';

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

/**
 * Why a combatant declares nothing this round, or undefined when it declares: dead or out of the
 * fight by its PV (ruling "F-H1 0 PV"), killed outright (F-B7), or knocked out (F-U4: unconscious
 * for CON hours). The round gives it no slot either (`sitsOut`).
 */
export function declaresNothing(combatant: FantasiaRoundCombatant): RulesError | undefined {
  const name = combatant.name;
  if (combatant.fallen === 'dead' || combatant.states?.dead)
    return new RulesError('PDA.Error.Round.FallenDead', { name, rule: 'F-H1' });
  if (combatant.fallen === 'out') return new RulesError('PDA.Error.Round.FallenOut', { name, rule: 'F-H1' });
  const unconscious = combatant.states?.unconscious;
  if (unconscious)
    return new RulesError('PDA.Error.Round.Unconscious', {
      name,
      hours: unconscious.hours ?? 0,
      rule: 'F-U4',
    });
  return undefined;
}

/**
 * F-R1: the side with nobody left able to fight ('pc' first), when both sides are in the fight.
 * Able: still in, neither knocked out nor fallen.
 */
export function fantasiaSideDown(state: FantasiaRoundState): 'pc' | 'npc' | undefined {
  const out = new Set(state.out);
  const inFight = Object.values(state.combatants).filter((c) => !out.has(c.id));
  const sides = (['pc', 'npc'] as const).filter((side) => inFight.some((c) => c.side === side));
  if (sides.length < 2) return undefined;
  return sides.find((side) => inFight.filter((c) => c.side === side).every((c) => declaresNothing(c)));
}

/** Throws a RulesError naming why the declaration is impossible; returns nothing when it is fine. */
export function validateFantasiaDeclaration(
  context: DeclarationContext<FantasiaRoundCombatant, FantasiaDeclaration, FantasiaReadiness>,
): void {
  const { state, combatant, readiness, declaration } = context;
  const intents = declaration.intents;
  ensure(Array.isArray(intents) && intents.length > 0, 'PDA.Error.Round.EmptyDeclaration');
  const silent = declaresNothing(combatant);
  if (silent) throw silent;
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
          // A thrown weapon is thrown (pass 1 or 3, F-R9): the attack takes it as a throw.
          ensure(!isMissile(weapon), 'PDA.Error.Round.WrongWeapon', {
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
    // F-U4, F-H1: the knocked out and the fallen have no slot.
    if (declaresNothing(combatant)) return;
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
  sitsOut: (combatant) => declaresNothing(combatant) !== undefined,
  sideDown: fantasiaSideDown,
  // F-R6..F-R8: one blow, shot or throw per attack slot; its card spends it.
  closesWithCard: (slot) => FANTASIA_CARD_SLOTS.has(slot.action),
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

export {
  type FantasiaRoundCombatant,
  type WeaponReadiness,
  type FantasiaReadiness,
  INTENT_KINDS,
  type IntentKind,
  type FantasiaIntent,
  type FantasiaDeclaration,
  type FantasiaRoundState,
  FANTASIA_STEPS,
  intentLabel,
  toRoundCombatant,
  missileReady,
} from './round-model';

export { MAX_TIE_REROLLS, fantasiaInitiative } from './initiative';

export {
  fantasiaBudgets,
  nockingInSlot,
  CARD_SHOT,
  missileUsedThisRound,
  withMissileShot,
  ARQUEBUS_RELOAD,
  fantasiaCarryOver,
} from './carry-over';
