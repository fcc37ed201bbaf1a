import { RulesError } from '../../../../engine/core/errors';
import type { GreyhawkDeclaration } from '../../../../engine/greyhawk/round';
import {
  withinPolearmReach,
  type ParryAttackView,
  type ParryWeaponState,
} from '../../../../engine/greyhawk/exchange/parry';
import type { GreyhawkCharacter, GreyhawkWeapon, Size } from '../../../../engine/greyhawk/types';
import { roundAdapterFor, type CombatLike, readRoundState } from '../../../combat';
import { gmCardMessages } from '../../../chat';
import { distanceMetres, tokenPlace } from '../cards/distance';

/**
 * What the parry card and the attack card read from the documents (G-PA1..G-PA4): the attack
 * cards against a fighter, the parry marker an attack card consumes, a DMG parry declared in the
 * tracker this round, the reach between tokens. Rules stay in the engine
 * (src/engine/greyhawk/exchange/parry.ts); this only reads.
 */

/** The attack card flow the parry reads (cards/attack-flow.ts). */
export const ATTACK_FLOW = 'greyhawk.attack';
/** G-PA2: a polearm reaches 3 m (10 feet, two squares), the ruling of docs/rulings.md. */
/** Attack cards remembered as "before the parry" (older ones are long past anyway). */
export const MAX_EARLIER_ATTACKS = 60;

export interface GreyhawkDoc {
  readonly uuid: string;
  readonly name: string;
  readonly system: {
    toEngine(): GreyhawkCharacter;
    readonly ac: number;
    readonly size: string;
    /** The shield carried ('' = none). */
    readonly shield?: string;
  };
  readonly items: {
    get(id: string):
      | {
          name?: string;
          system: { toEngine?: () => GreyhawkWeapon; magic?: number; ruined?: boolean; broken?: boolean };
        }
      | undefined;
    find?(fn: (i: { type: string; system: Record<string, unknown> }) => boolean): unknown;
  };
  readonly effects?: Iterable<EffectLike>;
  getActiveTokens?(linked?: boolean, document?: boolean): unknown[];
}

interface EffectLike {
  readonly id: string | null;
  readonly statuses?: Iterable<string>;
  readonly flags?: Record<string, Record<string, unknown> | undefined>;
}

export function greyhawkDoc(doc: unknown, name: string): GreyhawkDoc {
  const system = (doc as { system?: { toEngine?: unknown; ac?: unknown } } | null)?.system;
  if (typeof system?.toEngine !== 'function' || typeof system.ac !== 'number')
    throw new RulesError('PDA.Chat.Gone.Actor', { name });
  return doc as GreyhawkDoc;
}

/** The parrying weapon and its wear as the item holds them. */
export function weaponOf(
  doc: GreyhawkDoc,
  itemId: string,
): { weapon: GreyhawkWeapon; state: ParryWeaponState } {
  const item = doc.items.get(itemId);
  const weapon = item?.system.toEngine?.();
  if (!item || !weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: itemId });
  return {
    weapon: { ...weapon, name: item.name || weapon.name },
    state: {
      magic: Number(item.system.magic ?? weapon.magic) || 0,
      ruined: item.system.ruined === true,
      broken: item.system.broken === true,
    },
  };
}

// ------------------------------------------------------------------------------ attack cards

interface StoredCard {
  readonly id: string | null;
  readonly type: string;
  readonly author?: { readonly isGM?: boolean } | null;
  readonly system: {
    readonly flow?: string;
    readonly step?: string;
    readonly actorUuid?: string;
    readonly itemId?: string;
    readonly targets?: readonly { readonly actorUuid: string; readonly name?: string }[];
    readonly state?: {
      readonly attackerName?: string;
      readonly first?: { readonly attack?: { readonly outcome?: string } };
      readonly applied?: unknown;
    };
  };
}

/** The cards of the chat log: only a GM writes cards, so a player's look-alike counts for nothing. */
function messages(): StoredCard[] {
  return gmCardMessages() as unknown as StoredCard[];
}

function attackCardsOn(defendedUuid: string): StoredCard[] {
  return messages().filter(
    (m) =>
      m.type === 'carte' &&
      m.system.flow === ATTACK_FLOW &&
      m.system.targets?.[0]?.actorUuid === defendedUuid &&
      m.id !== null,
  );
}

/** Ids of the attack cards against a fighter already posted (the parry cannot reach them). */
export function earlierAttackKeys(defendedUuid: string): string[] {
  return attackCardsOn(defendedUuid)
    .map((m) => m.id ?? '')
    .slice(-MAX_EARLIER_ATTACKS);
}

/** The attack cards against the defended fighter since the parry card was opened. */
export function attacksSince(
  defendedUuid: string,
  earlier: readonly string[],
  resolve: (uuid: string) => unknown,
  reach: (attackerUuid: string) => boolean | undefined,
): ParryAttackView[] {
  const out: ParryAttackView[] = [];
  for (const m of attackCardsOn(defendedUuid)) {
    const key = m.id ?? '';
    if (earlier.includes(key)) continue;
    const attackerUuid = m.system.actorUuid ?? '';
    const doc = resolve(attackerUuid) as GreyhawkDoc | null;
    if (!doc?.system) continue;
    const weapon = doc.items.get(m.system.itemId ?? '')?.system.toEngine?.();
    const withinReach = reach(attackerUuid);
    out.push({
      key,
      attackerId: attackerUuid,
      attackerName: m.system.state?.attackerName ?? doc.name,
      attackerAc: doc.system.ac,
      attackerSize: doc.system.size as Size,
      polearm: weapon?.polearm === true,
      hit: m.system.state?.first?.attack?.outcome === 'hit',
      taken: m.system.step === 'applied' || m.system.state?.applied !== undefined,
      ...(withinReach !== undefined ? { withinReach } : {}),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------- tokens, reach

/** The actor's token on the active scene (or its first). */
export function tokenOf(doc: unknown): unknown {
  const d = doc as (GreyhawkDoc & { token?: unknown }) | null;
  if (!d) return null;
  if (d.token) return d.token;
  const tokens = (d.getActiveTokens?.(false, true) ?? []) as { document?: unknown }[];
  const first = tokens[0];
  return first ? (first.document ?? first) : null;
}

/** Metres between two actors' tokens, or null when either has none on a shared scene. */
export function metresBetween(a: unknown, b: unknown): number | null {
  return distanceMetres(tokenPlace(tokenOf(a)), tokenPlace(tokenOf(b)));
}

/** G-PA2: whether the parrier's polearm reaches the attacker or the victim (the engine decides). */
export function parrierWithinReach(parrier: unknown, attacker: unknown, victim: unknown): boolean {
  return withinPolearmReach(metresBetween(parrier, attacker), metresBetween(parrier, victim));
}

// ------------------------------------------------------------------------ this round's declarations

interface CombatantDoc {
  readonly id: string | null;
  readonly actor?: { uuid?: string } | null;
}

function activeCombats(): CombatLike[] {
  const combats = (game.combats as unknown as { contents?: CombatLike[] } | undefined)?.contents ?? [];
  return combats.filter((c) => (c as unknown as { started?: boolean; round?: number }).round !== 0);
}

/** The actor's combatant in a running combat and this round's declarations (GM's view). */
export function roundDeclarations(
  actor: unknown,
): { combatantId: string; declarations: Readonly<Record<string, GreyhawkDeclaration>> } | undefined {
  const uuid = (actor as { uuid?: string } | null)?.uuid;
  if (!uuid) return undefined;
  const adapter = roundAdapterFor('greyhawk');
  if (!adapter) return undefined;
  for (const combat of activeCombats()) {
    for (const c of combat.combatants as unknown as Iterable<CombatantDoc>) {
      if (!c.id || c.actor?.uuid !== uuid) continue;
      const state = readRoundState(adapter, combat);
      if (!state) return undefined;
      return {
        combatantId: c.id,
        declarations: state.declarations as Readonly<Record<string, GreyhawkDeclaration>>,
      };
    }
  }
  return undefined;
}

function declared(actor: unknown): GreyhawkDeclaration | undefined {
  const r = roundDeclarations(actor);
  return r ? r.declarations[r.combatantId] : undefined;
}

/** G-PA4: the actor declared the DMG parry for the current round of its combat. */
export function declaredDmgParry(actor: unknown): boolean {
  return declared(actor)?.action === 'parryDmg';
}

/** G-SH2: the actor declared a shield rush this round. */
export function declaredRush(actor: unknown): boolean {
  return declared(actor)?.action === 'shieldRush';
}

/** G-SH2: `bracer` declared bracing, and `rusher` declared its rush at `bracer`, this round. */
export function bracedAgainst(bracer: unknown, rusher: unknown): boolean {
  const mine = roundDeclarations(bracer);
  const theirs = roundDeclarations(rusher);
  if (!mine || !theirs) return false;
  const rush = theirs.declarations[theirs.combatantId];
  return (
    mine.declarations[mine.combatantId]?.action === 'brace' &&
    rush?.action === 'shieldRush' &&
    rush.targetId === mine.combatantId
  );
}

/** The current round of the combat the actor fights in (0 outside a fight), and its id. */
export function combatOf(actor: unknown): { id: string; round: number } {
  const uuid = (actor as { uuid?: string } | null)?.uuid;
  for (const combat of activeCombats()) {
    for (const c of combat.combatants as unknown as Iterable<CombatantDoc>)
      if (c.actor?.uuid === uuid)
        return { id: (combat as unknown as { id: string }).id, round: Number(combat.round ?? 0) };
  }
  return { id: '', round: 0 };
}

/** The other fighters of that combat, as the parry may be kept for them. */
export function foesOf(actor: unknown, combatId: string): { id: string; name: string }[] {
  const uuid = (actor as { uuid?: string } | null)?.uuid;
  const combat = (game.combats as unknown as { get(id: string): CombatLike | undefined } | undefined)?.get(
    combatId,
  );
  if (!combat) return [];
  const out: { id: string; name: string }[] = [];
  for (const c of combat.combatants as unknown as Iterable<CombatantDoc & { name?: string }>) {
    const other = c.actor?.uuid;
    if (!other || other === uuid || out.some((f) => f.id === c.id)) continue;
    if (c.id) out.push({ id: c.id, name: c.name ?? '' });
  }
  return out;
}

/** Parry cards the actor already opened in that combat round (one parry a round, G-PA1). */
export function parryCardsThisRound(actorUuid: string, combatId: string, round: number): number {
  return messages().filter((m) => {
    const s = m.system as StoredCard['system'] & { combatId?: string; round?: number };
    return (
      m.type === 'carte' &&
      s.flow === 'greyhawk.parry' &&
      s.actorUuid === actorUuid &&
      s.combatId === combatId &&
      s.round === round
    );
  }).length;
}
