import { RulesError } from '../../../../engine/core/errors';
import { realignShield, realignWeapon } from '../../../../engine/greyhawk/shield-realign';
import type { Budgets, CombatantId, RoundCombatant, RoundState } from '../../../../engine/round/types';
import { resolveUuid, uuid, postTemplateCard } from '../../../chat';
import {
  roundAdapterFor,
  type CombatLike,
  readRoundState,
  writeRoundState,
  finishRoundJournal,
} from '../../../combat';
import { notifyError, t } from '../../../i18n';
import { askGM, registerQuery, type QueryPayload } from '../../../queries';
import { oneOf, optional, serialise } from '../../../security';
import { greyhawkConditionsOf, writeConditions } from '../conditions';

/**
 * G-D3: a fighter whose shield was knocked aside spends one of this round's attacks to realign it
 * (the sheet's button). The button only asks: the active GM checks the requester owns the fighter,
 * reads the attack budget from the Combat's sealed copy, writes it back whole with one attack more
 * used (the round's own journaled write, one command at a time per combat), then takes the shield
 * condition off. Without an attack left it is refused and nothing changes.
 */

export const REALIGN_QUERY = 'greyhawk.realignShield';
/** What is realigned: the shield (G-D3, the default) or a two-handed weapon knocked off line (G-D2). */
const REALIGN_SHAPE = { actorUuid: uuid(), what: optional(oneOf(['shield', 'weapon'] as const)) };

interface RealignPayload extends QueryPayload {
  actorUuid: string;
  what?: 'shield' | 'weapon';
}

interface FighterDoc {
  readonly uuid: string;
  readonly name: string;
  testUserPermission?(user: User, level: 'OWNER'): boolean;
}

interface CombatantDoc {
  readonly id: string | null;
  readonly actor?: { uuid?: string } | null;
}

type State = RoundState<RoundCombatant, unknown, unknown>;

/** The running combat the actor fights in, and its combatant's id. */
function fightOf(actorUuid: string): { combat: CombatLike; combatantId: CombatantId } | undefined {
  const combats = (game.combats as unknown as { contents?: CombatLike[] } | undefined)?.contents ?? [];
  for (const combat of combats) {
    if (!combat.round) continue;
    for (const c of combat.combatants as unknown as Iterable<CombatantDoc>)
      if (c.id && c.actor?.uuid === actorUuid) return { combat, combatantId: c.id };
  }
  return undefined;
}

/** GM side: the realignment, refused before anything is written. */
export async function handleRealign(payload: RealignPayload, user: User): Promise<boolean> {
  const actor = resolveUuid(payload.actorUuid) as FighterDoc | null;
  if (!actor?.name) throw new RulesError('PDA.Chat.Gone.Actor', { name: payload.actorUuid });
  if (!user.isGM && actor.testUserPermission?.(user, 'OWNER') !== true)
    throw new RulesError('PDA.Error.CardNotYourActor', { name: actor.name });
  const fight = fightOf(actor.uuid);
  const adapter = roundAdapterFor('greyhawk');
  const realign = async (): Promise<boolean> => {
    const state = fight && adapter ? (readRoundState(adapter, fight.combat) as State | null) : null;
    const budgets: Budgets | undefined = state && fight ? state.budgets[fight.combatantId] : undefined;
    const weapon = payload.what === 'weapon';
    const done = (weapon ? realignWeapon : realignShield)(actor.name, greyhawkConditionsOf(actor), budgets);
    if (state && fight && adapter && done.budgets) {
      const next: State = { ...state, budgets: { ...state.budgets, [fight.combatantId]: done.budgets } };
      await writeRoundState(
        fight.combat,
        next,
        adapter,
        JSON.stringify({ realign: actor.uuid, by: user.id }),
      );
    }
    await writeConditions(actor, done.conditions);
    await postTemplateCard(
      actor,
      'greyhawk/realign-card.hbs',
      {
        title: t(weapon ? 'PDA.Greyhawk.Realign.WeaponTitle' : 'PDA.Greyhawk.Realign.Title', {
          name: actor.name,
        }),
        rolls: [],
        outcome: t(`PDA.Greyhawk.Realign.${weapon ? 'Weapon' : ''}${done.budgets ? 'Done' : 'DoneOutside'}`, {
          name: actor.name,
        }),
        rule: weapon ? 'G-D2' : 'G-D3',
      },
      [],
    );
    return true;
  };
  // The same queue as the round's commands: a realignment never reads a round being rewritten,
  // nor one a command cut off earlier would later write back over it.
  return fight
    ? serialise(`combat.${fight.combat.id ?? ''}`, async () => {
        await finishRoundJournal(fight.combat);
        return realign();
      })
    : realign();
}

export function registerRealignQuery(): void {
  registerQuery(REALIGN_QUERY, REALIGN_SHAPE, handleRealign);
}

/** The sheet action (`data-action="realignShield"`): asks the GM (refusals are shown). */
export async function onRealignClick(this: { document: unknown }): Promise<void> {
  try {
    const actor = this.document as FighterDoc;
    await askGM(REALIGN_QUERY, { actorUuid: actor.uuid });
  } catch (error) {
    notifyError(error);
  }
}

/** The sheet action (`data-action="realignWeapon"`, G-D2): asks the GM (refusals are shown). */
export async function onRealignWeaponClick(this: { document: unknown }): Promise<void> {
  try {
    const actor = this.document as FighterDoc;
    await askGM(REALIGN_QUERY, { actorUuid: actor.uuid, what: 'weapon' });
  } catch (error) {
    notifyError(error);
  }
}
