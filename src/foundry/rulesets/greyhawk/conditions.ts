import {
  activeStatuses,
  CONDITION_STATUSES,
  statusRounds,
  type ConditionStatus,
  type GreyhawkConditionState,
} from '../../../engine/greyhawk/conditions';
import { configuredStatusEffects, setStatusEffects, type StatusEffectSource } from '../../compat';

/**
 * Greyhawk's lasting conditions on the token: each condition the engine names (G-C1 pinned,
 * G-G2 held/holding, G-D2, G-D3…) is a Foundry status, carried by an Active Effect with its
 * duration in rounds when the rules give one (the pin). The actor's `system.conditions` stays
 * the record the cards and the round write (and the card's Undo restores); the active GM keeps
 * the effects in step with it after every change.
 */

const ICONS: Readonly<Record<ConditionStatus, string>> = {
  pinned: 'icons/svg/net.svg',
  held: 'icons/svg/padlock.svg',
  holding: 'icons/svg/combat.svg',
  bladeAtThroat: 'icons/svg/blood.svg',
  disarmed: 'icons/svg/sword.svg',
  prone: 'icons/svg/falling.svg',
  offLine: 'icons/svg/daze.svg',
  shieldOffLine: 'icons/svg/shield.svg',
  losesInitiative: 'icons/svg/clockwork.svg',
};

export const statusId = (s: ConditionStatus): string => `greyhawk-${s}`;

export const GREYHAWK_STATUS_EFFECTS: readonly StatusEffectSource[] = CONDITION_STATUSES.map((s) => ({
  id: statusId(s),
  name: `PDA.Greyhawk.Status.${s}`,
  img: ICONS[s],
}));

export function installGreyhawkStatuses(): void {
  setStatusEffects([...configuredStatusEffects(), ...GREYHAWK_STATUS_EFFECTS]);
}

interface EffectLike {
  id: string | null;
  statuses?: Set<string> | readonly string[];
  duration?: { rounds?: number | null };
}

interface ConditionActor {
  system?: { conditions?: Partial<GreyhawkConditionState> };
  effects?: Iterable<EffectLike>;
  createEmbeddedDocuments(type: 'ActiveEffect', data: Record<string, unknown>[]): Promise<unknown>;
  updateEmbeddedDocuments(type: 'ActiveEffect', data: Record<string, unknown>[]): Promise<unknown>;
  deleteEmbeddedDocuments(type: 'ActiveEffect', ids: string[]): Promise<unknown>;
}

const hasStatus = (e: EffectLike, id: string): boolean => [...(e.statuses ?? [])].includes(id);

/** Creates, updates and deletes the actor's condition effects so they match its conditions. */
export async function syncConditionEffects(actor: ConditionActor): Promise<void> {
  const conditions = actor.system?.conditions;
  if (!conditions) return;
  const active = new Set(activeStatuses(conditions));
  const effects = [...(actor.effects ?? [])];
  const create: Record<string, unknown>[] = [];
  const update: Record<string, unknown>[] = [];
  const remove: string[] = [];
  for (const s of CONDITION_STATUSES) {
    const id = statusId(s);
    const mine = effects.filter((e) => hasStatus(e, id));
    const rounds = statusRounds(conditions, s);
    if (!active.has(s)) {
      remove.push(...mine.map((e) => e.id ?? '').filter(Boolean));
      continue;
    }
    const duration = rounds !== undefined ? { rounds } : {};
    const [first] = mine;
    if (!first) {
      const name = game.i18n?.localize(`PDA.Greyhawk.Status.${s}`) ?? s;
      create.push({ name, img: ICONS[s], statuses: [id], duration });
    } else if (rounds !== undefined && first.duration?.rounds !== rounds && first.id) {
      update.push({ _id: first.id, duration });
    }
  }
  if (remove.length) await actor.deleteEmbeddedDocuments('ActiveEffect', remove);
  if (update.length) await actor.updateEmbeddedDocuments('ActiveEffect', update);
  if (create.length) await actor.createEmbeddedDocuments('ActiveEffect', create);
}

/** `updateActor` / `createActor` handler: the active GM mirrors a conditions change on the token. */
export function onGreyhawkActorChange(actor: unknown, changed?: unknown): Promise<void> | undefined {
  if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return undefined;
  const system = (changed as { system?: { conditions?: unknown } } | undefined)?.system;
  if (changed !== undefined && system?.conditions === undefined) return undefined;
  return syncConditionEffects(actor as ConditionActor);
}
