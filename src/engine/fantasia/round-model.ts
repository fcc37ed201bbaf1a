import { RulesError } from '../core/errors';
import type { RoundCombatant, RoundState, RoundStep } from '../round/types';
import { fightCondition, type ZeroPvRule } from './fallen';
import { DEFAULT_FANTASIA_OPTIONS } from './options';
import type { FantasiaCombatant, FantasiaStates, FantasiaWeapon } from './types';

/**
 * The Fantasia round's model: its combatants, intents, declarations and steps, and the weapon
 * readiness they read (F-R5, F-W5, F-W6). The round rules (round.ts) build on it and re-export it.
 */

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

/** Slot actions played on one attack card (a blow, a shot, a throw, a knock-out): issue 46. */
export const FANTASIA_CARD_SLOTS: ReadonlySet<string> = new Set(['melee', 'shoot', 'throw', 'knockout']);

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

export const ATTACKS: ReadonlySet<IntentKind> = new Set(['shoot', 'throw', 'melee', 'knockout']);

export const MISSILE_USES: ReadonlySet<IntentKind> = new Set(['shoot', 'throw']);

export const ONCE_A_ROUND: readonly IntentKind[] = ['move', 'dodge', 'parry', 'cast', 'knockout'];

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

export function isMissile(weapon: FantasiaWeapon): boolean {
  return weapon.kind === 'missile' || weapon.kind === 'firearm' || weapon.kind === 'thrown';
}

/** Reloads by winding or ramming: cannot be fired again without a reload action. */
export function needsReload(weapon: FantasiaWeapon): boolean {
  return weapon.reload === 'crossbow' || weapon.reload === 'arquebus';
}

export function weaponOf(
  combatant: FantasiaRoundCombatant,
  weaponId: string | undefined,
): FantasiaWeapon | undefined {
  if (weaponId === undefined) return undefined;
  const weapon = combatant.weapons.find((w) => w.id === weaponId);
  if (!weapon) throw new RulesError('PDA.Error.Round.UnknownWeapon', { id: weaponId });
  return weapon;
}

export function readinessFor(readiness: FantasiaReadiness, weapon: FantasiaWeapon): WeaponReadiness {
  // F-U1, F-U2, F-R10 (ruling "Bare hands"): fists are never sheathed, whatever the item says.
  if (weapon.kind === 'unarmed') return { ready: true, loaded: true };
  return readiness.weapons[weapon.id] ?? { ready: weapon.ready, loaded: weapon.loaded };
}

/** Ready to loose in pass 1: in hand and loaded (thrown weapons need only be in hand). F-R6. */
export function missileReady(readiness: FantasiaReadiness, weapon: FantasiaWeapon): boolean {
  const r = readinessFor(readiness, weapon);
  return r.ready && (weapon.kind === 'thrown' || r.loaded);
}
