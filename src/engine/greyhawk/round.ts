import { ensure } from '../core/errors';
import type { Dice } from '../dice/port';
import type {
  Budget,
  CarryOverContext,
  DeclarationContext,
  InitiativeEntry,
  RoundRules,
  RoundState,
  RoundStep,
  ScheduleContext,
  SlotSpec,
} from '../round/types';
import { calledShotInitiativeModifier, calledShotUse, type CalledShot } from './attack';
import { attacksInRound } from './character';
import { mountedRateOfFire, type MoveTaken } from './styles';
import { standUp, validateShieldRush, type StandUpChoice } from './manoeuvres';
import type { GripUse } from './style-use';
import type { Modifier } from './types';
import { type GreyhawkRoundCombatant } from './round-combatant';

export const GREYHAWK_ACTIONS = [
  'attack',
  'missile',
  'heldShot',
  'disarm',
  'expertDisarm',
  'parryDmg',
  'shieldRush',
  'brace',
  'cast',
  'move',
  'standUp',
  'other',
] as const;

export type GreyhawkActionKind = (typeof GREYHAWK_ACTIONS)[number];

export interface GreyhawkDeclaration {
  readonly action: GreyhawkActionKind;
  readonly targetId?: string;
  /** G-C1 called shot on the attack (1) or doubly called (2). */
  readonly calledShot?: CalledShot;
  /** Casting time of the spell, added to the d10 instead of the weapon speed. */
  readonly castingTime?: number;
  /** G-SH2: distance to the target when the rush is declared (metres). */
  readonly rushDistance?: number;
  /** G-S3: held shot at initiative 0 to break a spell, rather than before initiative. */
  readonly breakSpell?: boolean;
  /** G-ST1/G-ST2: the grip chosen at this round's start (a one-or-two-handed weapon). */
  readonly grip?: GripUse;
  /** G-P2: how a fighter on the ground stands up. */
  readonly standUp?: StandUpChoice;
  /** G-ST5: the move made while shooting in the missile style. */
  readonly missileMove?: MoveTaken;
  /** G-ST6: the rider's mount moves this round (rate of fire one less a round, halved at 1 or less). */
  readonly mountMoving?: boolean;
  readonly note?: string;
}

export interface GreyhawkReadiness {
  /** Round of the fight this readiness belongs to (counts the 3/2-style alternation). */
  readonly fightRound?: number;
  /** G-D2: a weapon knocked off line with no attack left: initiative lost next round ('next'), then now. */
  readonly losesInitiative?: 'next' | 'now';
  /** G-P2: waited for this round to stand up, at its own turn, keeping its attacks. */
  readonly standsAtTurn?: boolean;
}

export type GreyhawkRoundState = RoundState<GreyhawkRoundCombatant, GreyhawkDeclaration, GreyhawkReadiness>;

export const GREYHAWK_STEPS: readonly RoundStep[] = [
  { id: 'initiative', kind: 'initiative', label: 'PDA.Round.Step.Initiative' },
  { id: 'declaration', kind: 'declare', label: 'PDA.Round.Step.Declaration' },
  { id: 'pass1', kind: 'resolve', pass: 1, label: 'PDA.Greyhawk.Round.BeforeInitiative' },
  { id: 'pass2', kind: 'resolve', pass: 2, label: 'PDA.Greyhawk.Round.FirstActions' },
  { id: 'pass3', kind: 'resolve', pass: 3, label: 'PDA.Greyhawk.Round.FurtherAttacks' },
];

/** Value added to the total of a combatant who lost initiative (G-D2): after everyone. */
export const LOST_INITIATIVE = 100;

/** The declared actions that strike someone. */
export const ATTACKING: ReadonlySet<GreyhawkActionKind> = new Set([
  'attack',
  'missile',
  'heldShot',
  'disarm',
  'expertDisarm',
]);

/** Individual initiative: each combatant rolls 1d10 (sealed until the declarations close). */
export function greyhawkInitiative(
  combatants: readonly GreyhawkRoundCombatant[],
  dice: Dice,
): InitiativeEntry[] {
  return combatants
    .map((c, index) => ({ c, index, d10: dice.die(10) }))
    .sort((a, b) => a.d10 - b.d10 || a.index - b.index)
    .map(({ c, d10 }) => ({
      combatantId: c.id,
      score: d10,
      tieBreak: [],
      reason: 'PDA.Greyhawk.Initiative.Sealed',
    }));
}

/** Attacks a combatant has this round, given its declaration. */
export function attacksThisRound(
  c: GreyhawkRoundCombatant,
  declaration: GreyhawkDeclaration | undefined,
  round: number,
): number {
  const action = declaration?.action ?? 'attack';
  if (action === 'shieldRush') return 1;
  // G-M4: a weapon thrown rather than wielded has its rate of fire (a dagger 2/1), not the melee rate.
  const thrownRate =
    action === 'missile' ? (c.thrownAttacksPerTwoRounds ?? c.attacksPerTwoRounds) : c.attacksPerTwoRounds;
  // G-ST6: shooting from a moving mount costs one shot a round (halved at 1 or less).
  const rate =
    action === 'missile' && c.mounted === true && declaration?.mountMoving === true
      ? mountedRateOfFire(thrownRate, true)
      : thrownRate;
  const all = attacksInRound(rate, round) + (c.extraAttacks ?? 0);
  // G-P2: standing up now costs one attack; waiting for next round's turn costs this round's.
  if (action === 'standUp') return declaration?.standUp === 'forfeitAttack' ? Math.max(0, all - 1) : 0;
  if (!ATTACKING.has(action)) return 0;
  const move = declaration?.missileMove ?? 'none';
  if (action === 'missile' && move !== 'none')
    return attacksInRound(missileStyleRate(rate, move, c.missileStyleSpec === true), round);
  return all;
}

/** G-ST5: shots per two rounds after a move in the missile style (half, or all with the specialisation). */
export function missileStyleRate(perTwoRounds: number, move: MoveTaken, spec: boolean): number {
  if (move === 'none' || (move === 'half' && spec)) return perTwoRounds;
  return Math.floor(perTwoRounds / 2);
}

/** The initiative modifiers of a declared action, each with its source rule. */
export function initiativeModifiers(
  c: GreyhawkRoundCombatant,
  declaration: GreyhawkDeclaration,
  context: {
    readonly round: number;
    readonly readiness?: GreyhawkReadiness;
    /** This combatant braces against a declared shield rush (G-SH2). */
    readonly bracingAgainstRush?: boolean;
  },
): Modifier[] {
  const mods: Modifier[] = [];
  const m = (source: string, label: string, value: number): void => {
    if (value !== 0) mods.push({ source, label: `PDA.Greyhawk.Init.${label}`, value });
  };
  if (declaration.action === 'cast') m('base', 'CastingTime', declaration.castingTime ?? 0);
  else if (
    ATTACKING.has(declaration.action) ||
    declaration.action === 'shieldRush' ||
    (declaration.action === 'standUp' && declaration.standUp === 'forfeitAttack')
  )
    m('base', 'Speed', declaration.grip && c.gripSpeeds ? c.gripSpeeds[declaration.grip] : c.speed);
  m('base', 'Other', c.initiativeModifier ?? 0);
  // A disarm is itself a called shot (G-D1 +1), an expert disarm a doubly called one (G-D5 +2):
  // a called shot ticked on top adds nothing more. The card rolls the same reading.
  const called =
    declaration.action === 'disarm' || declaration.action === 'expertDisarm' ? declaration.action : undefined;
  mods.push(...calledShotInitiativeModifier(calledShotUse(called, declaration.calledShot)));
  if (context.round === 1 && c.freeShot === 'target') m('G-F1', 'FreeShotTarget', 2);
  if (context.bracingAgainstRush) m('G-SH2', 'Bracing', -2);
  if (context.readiness?.losesInitiative === 'now' || c.losesInitiative === true)
    m('G-D2', 'OffLine', LOST_INITIATIVE);
  return mods;
}

function sum(mods: readonly Modifier[]): number {
  return mods.reduce((s, x) => s + x.value, 0);
}

/** Builds the round's schedule once declarations are closed. */
export function greyhawkSchedule(
  context: ScheduleContext<GreyhawkRoundCombatant, GreyhawkDeclaration, GreyhawkReadiness>,
): SlotSpec[] {
  const { state, declarations } = context;
  const out = new Set(state.out);
  const entries = state.order.filter((e) => !out.has(e.combatantId));
  const rushers = new Map<string, string>();
  for (const [id, d] of Object.entries(declarations)) {
    if (d.action === 'shieldRush' && d.targetId) rushers.set(d.targetId, id);
  }
  type Row = {
    id: string;
    c: GreyhawkRoundCombatant;
    d: GreyhawkDeclaration;
    d10: number;
    total: number;
    listed: number;
  };
  const rows: Row[] = [];
  entries.forEach((e, listed) => {
    const c = state.combatants[e.combatantId];
    const d = declarations[e.combatantId];
    if (!c || !d) return;
    const bracing = d.action === 'brace' && rushers.has(c.id);
    const mods = initiativeModifiers(c, d, {
      round: state.round,
      readiness: state.readiness[c.id],
      bracingAgainstRush: bracing,
    });
    rows.push({ id: c.id, c, d, d10: e.score, total: e.score + sum(mods), listed });
  });
  // G-SH2: a target bracing with a spear, lance or polearm acts before its rusher.
  for (const row of rows) {
    const rusherId = rushers.get(row.id);
    if (row.d.action !== 'brace' || !row.c.braceWeapon || rusherId === undefined) continue;
    const rusher = rows.find((r) => r.id === rusherId);
    if (rusher && row.total >= rusher.total) row.total = rusher.total - 1;
  }
  rows.sort((a, b) => a.total - b.total || a.listed - b.listed);

  const specs: SlotSpec[] = [];
  const detail = (row: Row, index: number): Record<string, string | number | boolean> => ({
    d10: row.d10,
    attack: index,
    ...(row.d.targetId ? { targetId: row.d.targetId } : {}),
    ...(row.d.calledShot ? { calledShot: row.d.calledShot } : {}),
  });
  // Pass 1: before initiative.
  for (const row of rows) {
    const heldNow = row.d.action === 'heldShot' && !row.d.breakSpell;
    if (
      state.round === 1 &&
      row.c.freeShot === 'shooter' &&
      (row.d.action === 'missile' || row.d.action === 'heldShot')
    ) {
      specs.push({
        combatantId: row.id,
        pass: 1,
        action: 'freeShot',
        order: 0,
        label: 'PDA.Greyhawk.Round.FreeShot',
        detail: { ...detail(row, 0), rule: 'G-F1' },
      });
    }
    if (heldNow) {
      specs.push({
        combatantId: row.id,
        pass: 1,
        action: 'heldShot',
        order: 0,
        label: 'PDA.Greyhawk.Round.HeldShot',
        spends: 'attacks',
        detail: { ...detail(row, 1), rule: 'G-S3' },
      });
    }
  }
  // Pass 2: first actions in initiative order (a spell-breaking held shot goes at 0).
  const pass2 = rows
    .filter((row) => !(row.d.action === 'heldShot' && !row.d.breakSpell))
    .map((row) => ({ row, order: row.d.action === 'heldShot' ? 0 : row.total }))
    .sort((a, b) => a.order - b.order || a.row.listed - b.row.listed);
  for (const { row, order } of pass2) {
    const attacks = attacksThisRound(row.c, row.d, state.round);
    // G-P2: one who waited last round stands at its turn, then fights with all its attacks.
    if (state.readiness[row.id]?.standsAtTurn && row.d.action !== 'standUp')
      specs.push({
        combatantId: row.id,
        pass: 2,
        action: 'standUp',
        order,
        label: 'PDA.Greyhawk.Style.Round.StandsUp',
        detail: { ...detail(row, 0), rule: 'G-P2', stands: true },
      });
    if (row.d.action === 'standUp') {
      const now = row.d.standUp === 'forfeitAttack';
      specs.push({
        combatantId: row.id,
        pass: 2,
        action: 'standUp',
        order,
        label: now ? 'PDA.Greyhawk.Style.Round.StandsUp' : 'PDA.Greyhawk.Style.Round.StaysDown',
        detail: { ...detail(row, 0), rule: 'G-P2', ...(now ? { stands: true } : {}) },
      });
      continue;
    }
    const spends = attacks > 0 ? 'attacks' : undefined;
    specs.push({
      combatantId: row.id,
      pass: 2,
      action: row.d.action,
      order,
      label: `PDA.Greyhawk.Action.${row.d.action}`,
      ...(spends ? { spends } : {}),
      detail: detail(row, 1),
    });
  }
  // Pass 3: further attacks, in the same order.
  const maxAttacks = Math.max(0, ...rows.map((row) => attacksThisRound(row.c, row.d, state.round)));
  for (let index = 1; index <= maxAttacks; index++) {
    for (const row of rows) {
      if (row.d.action === 'shieldRush') continue;
      // A fighter standing up now strikes its remaining attacks here, from the first (G-P2).
      const standing = row.d.action === 'standUp';
      if (index === 1 && !standing) continue;
      if (attacksThisRound(row.c, row.d, state.round) < index) continue;
      specs.push({
        combatantId: row.id,
        pass: 3,
        action: standing ? 'attack' : row.d.action,
        order: row.total,
        label: `PDA.Greyhawk.Action.${standing ? 'attack' : row.d.action}`,
        spends: 'attacks',
        detail: detail(row, index),
      });
    }
  }
  return specs;
}

export function validateGreyhawkDeclaration(
  context: DeclarationContext<GreyhawkRoundCombatant, GreyhawkDeclaration, GreyhawkReadiness>,
): void {
  const { combatant: c, declaration: d, state } = context;
  ensure((GREYHAWK_ACTIONS as readonly string[]).includes(d.action), 'PDA.Error.Greyhawk.UnknownAction', {
    action: String(d.action),
  });
  if (d.targetId !== undefined) {
    ensure(state.combatants[d.targetId] !== undefined, 'PDA.Error.UnknownCombatant', { id: d.targetId });
  }
  if (d.action === 'heldShot') {
    ensure(c.missileSpecialist === true, 'PDA.Error.Greyhawk.HeldShotSpecialistOnly', { name: c.name });
  }
  if (d.action === 'shieldRush') {
    ensure(c.shield !== undefined, 'PDA.Error.Greyhawk.RushShield');
    ensure(d.targetId !== undefined, 'PDA.Error.Greyhawk.NeedsTarget');
    validateShieldRush({
      shield: { kind: c.shield, ac: 1, magic: 0 },
      distance: d.rushDistance ?? 0,
      declared: true,
    });
  }
  if (d.action === 'standUp') {
    ensure(c.prone === true, 'PDA.Error.Greyhawk.Style.NotProne', { name: c.name });
    const all = attacksInRound(c.attacksPerTwoRounds, state.round) + (c.extraAttacks ?? 0);
    standUp('prone', all, d.standUp ?? 'nextRound');
  }
  if (d.grip !== undefined) {
    ensure(c.gripSpeeds !== undefined, 'PDA.Error.Greyhawk.Style.OneHandedOnly', { weapon: c.name });
    // G-ST1/G-ST2: any grip at the fight's start; later a change needs both styles.
    if (state.round > 1 && d.grip !== c.grip)
      ensure(c.canSwitchGrip === true, 'PDA.Error.Greyhawk.Style.NoGripSwitch', { name: c.name });
  }
  if (d.missileMove === 'full') ensure(c.missileStyleSpec === true, 'PDA.Error.Greyhawk.FullMoveNoShot');
  if (d.calledShot !== undefined) {
    ensure(
      d.calledShot === 0 || d.calledShot === 1 || d.calledShot === 2,
      'PDA.Error.Greyhawk.BadCalledShot',
    );
    ensure(ATTACKING.has(d.action), 'PDA.Error.Greyhawk.CalledShotNeedsAttack');
  }
}

export const greyhawkRoundRules: RoundRules<GreyhawkRoundCombatant, GreyhawkDeclaration, GreyhawkReadiness> =
  {
    id: 'greyhawk',
    steps: GREYHAWK_STEPS,
    initiativeEvery: 'round',
    declarationOrder: 'free',
    orderInitiative: (combatants, dice) => greyhawkInitiative(combatants, dice),
    initialReadiness: () => ({ fightRound: 1 }),
    validateDeclaration: validateGreyhawkDeclaration,
    defaultDeclaration: (c) => ({ action: c.attacksPerTwoRounds > 0 ? 'attack' : 'other' }),
    buildSchedule: greyhawkSchedule,
    budgets: (c, declaration, readiness): Record<string, Budget> => ({
      attacks: {
        max: declaration ? attacksThisRound(c, declaration, readiness.fightRound ?? 1) : 0,
        used: 0,
      },
    }),
    carryOver: (
      context: CarryOverContext<GreyhawkRoundCombatant, GreyhawkDeclaration, GreyhawkReadiness>,
    ): GreyhawkReadiness => ({
      fightRound: context.state.round + 1,
      ...(context.readiness.losesInitiative === 'next' ? { losesInitiative: 'now' as const } : {}),
      ...(context.declaration?.action === 'standUp' && context.declaration.standUp !== 'forfeitAttack'
        ? { standsAtTurn: true }
        : {}),
    }),
    // G-P2: each slot that spends an attack is one attack, played on one card.
    closesWithCard: (slot) => slot.spends === 'attacks',
  };

export {
  type GreyhawkRoundCombatant,
  effectiveSpeed,
  monsterAttacksPerTwoRounds,
  toGreyhawkRoundCombatant,
} from './round-combatant';
