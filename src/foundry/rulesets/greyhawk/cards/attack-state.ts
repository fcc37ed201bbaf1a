import { RulesError } from '../../../../engine/core/errors';
import type { GreyhawkOptions } from '../../../../engine/greyhawk/options';
import type { GreyhawkCharacter, GreyhawkWeapon, ShieldKind, Size } from '../../../../engine/greyhawk/types';
import { conditionAcModifiers } from '../../../../engine/greyhawk/conditions';
import { standardShield } from '../../../../engine/greyhawk/manoeuvres';
import { greyhawkOptionsFromSettings } from '../settings';
import { dmgParryModifier, ensureNotDmgParrying } from '../../../../engine/greyhawk/parry-exchange';
import { rusherAcModifiers } from '../../../../engine/greyhawk/rush-round';
import { shieldPunchAcModifiers } from '../shields/punch';
import { bracedAgainst, declaredDmgParry, declaredRush, ensureWeaponSound } from '../parries/view';
import type { CardSnapshot, FlowEnv, Text } from '../../../chat/flow';
import { undoConflict, undoRefusal } from '../../../security/undo';
import {
  firstPart,
  type ConditionPatch,
  type FirstPart,
  type Fighters,
  type GreyhawkChoices,
  type Outcome,
} from './steps';

export interface GreyhawkApplied {
  readonly before: number;
  readonly after: number;
  readonly damage: number;
  /** The step to return to on undo. */
  readonly from: string;
  /** Conditions written on the target, and their values before (for Undo). */
  readonly conditions?: ConditionPatch;
  readonly conditionsBefore?: Record<string, unknown>;
  /** The target's system changes the apply wrote; undo refuses once the target differs. */
  readonly wrote?: Record<string, unknown>;
  /** The attacker's own conditions were written (G-G2 holding, G-SH2 shield AC); undo clears them. */
  readonly holder?: boolean;
  /** G-PA1: the blow was parried by this fighter (its parry card's marker): no damage. */
  readonly parriedBy?: string;
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

export type Card = CardSnapshot<GreyhawkAttackState>;

export const K = 'PDA.Greyhawk.Cards';
export const text = (key: string, data?: Record<string, string | number>): Text =>
  data ? { key, data } : { key };

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
  readonly heldBy?: string;
  readonly bladeAtThroat: boolean;
  readonly disarmed: boolean;
  readonly prone: boolean;
  readonly carved: string;
  readonly clothingCut: boolean;
  readonly holding?: boolean;
  readonly offLine?: boolean;
  readonly shieldOffLine?: boolean;
  readonly losesNextInitiative?: boolean;
  readonly losesInitiative?: boolean;
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
  // G-PA4 a DMG parrier does nothing else; G-PA3 a bow that parried may be ruined or broken.
  ensureNotDmgParrying(a.name, declaredDmgParry(attackerDoc));
  ensureWeaponSound(item, item?.name || weapon.name, weapon.melee);
  const shield = a.system.shield as ShieldKind | '';
  const held = d.system.conditions?.held ? d.system.conditions.heldRounds : undefined;
  const attacker = a.system.toEngine();
  const defender = d.system.toEngine();
  const defenderConditions = d.system.conditions ?? {};
  const defenderShield = d.system.shield ? standardShield(d.system.shield as ShieldKind).ac : 0;
  const parry = dmgParryModifier(defender, declaredDmgParry(defenderDoc));
  const acMods = [
    ...conditionAcModifiers(defenderConditions, defenderShield),
    ...(parry ? [parry] : []),
    // G-SH2: a rusher is easier to hit all round (+1 AC, no DEX bonus).
    ...rusherAcModifiers(defender, declaredRush(defenderDoc)),
    // G-SH1: a shield used to punch off-hand gives no AC (unless already knocked aside, G-D3).
    ...shieldPunchAcModifiers(defenderDoc, defenderShield, d.system.conditions?.shieldOffLine === true),
  ];
  // G-SH2: a target bracing a spear, lance or polearm against this rusher doubles its damage.
  const braced = weapon.brace === true && bracedAgainst(attackerDoc, defenderDoc);
  return {
    attacker,
    weapon: { ...weapon, name: item?.name || weapon.name },
    ...(shield ? { attackerShield: shield } : {}),
    defender,
    ...(held !== undefined
      ? { defenderHold: { holderId: attacker.id, victimId: defender.id, rounds: held } }
      : {}),
    defenderAc: d.system.ac + acMods.reduce((sum, m) => sum + m.value, 0),
    ...(acMods.length ? { defenderAcModifiers: acMods } : {}),
    ...(braced ? { bracedAgainstRush: true } : {}),
    attackerConditions: a.system.conditions ?? {},
    defenderConditions,
    defenderSize: d.system.size as Size,
    defenderDex: d.system.abilities.dex,
  };
}

export function cardFighters(card: Card, env: FlowEnv): Fighters {
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

/** Why the undo is refused now (the target changed since the apply), or undefined. */
export function undoBlocked(card: Card, env: FlowEnv): Text | undefined {
  const target = card.targets[0];
  const applied = card.state.applied;
  if (!target || !applied) return undefined;
  const doc = env.resolve(target.actorUuid) as { system?: unknown } | null;
  if (!doc?.system) return undefined;
  const conflict = undoConflict(doc.system, applied.wrote ?? { hp: { value: applied.after } });
  return conflict ? undoRefusal(target.name, conflict) : undefined;
}
