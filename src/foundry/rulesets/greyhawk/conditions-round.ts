import {
  conditionsAfterRoundStart,
  escapeAtRoundStart,
  HOLD_ENDED_HOLDER,
} from '../../../engine/greyhawk/conditions';
import type { GreyhawkCharacter } from '../../../engine/greyhawk/types';
import type { GreyhawkRoundState } from '../../../engine/greyhawk/round';
import { stoodUp } from '../../../engine/greyhawk/round-stand';
import { postTemplateCard } from '../../chat';
import { combatantById, type CombatantLike, type CombatLike } from '../../combat';
import { withFoundryDice } from '../../dice';
import { t } from '../../i18n';
import { greyhawkConditionsOf, writeConditions } from './conditions';

/**
 * A new Greyhawk round (GM side, after the round's snapshot read the lost initiatives): each
 * fighter's condition effects move on as the engine says (G-C1 the pin runs down and ends, G-G2 a
 * held victim counts one more round and tries to break free, G-D2/G-D3 what lasted to the end of
 * the round ends, a lost initiative moves from "next round" to "this round" and then ends). An
 * actor with several combatants counts once.
 */

interface FighterActor {
  uuid?: string;
  id?: string | null;
  name?: string;
  system?: { toEngine?: () => GreyhawkCharacter };
}

/** The Greyhawk fighter a combatant stands for (its actor), or null. */
function fighterOf(combatant: CombatantLike | undefined): FighterActor | null {
  return (combatant?.actor ?? null) as unknown as FighterActor | null;
}

export async function tickGreyhawkConditions(combat: CombatLike): Promise<void> {
  const seen = new Set<string>();
  for (const combatant of combat.combatants) {
    const actor = fighterOf(combatant);
    if (!actor?.system?.toEngine) continue;
    const key = actor.uuid ?? actor.id ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    const now = greyhawkConditionsOf(actor);
    const escaped = now.held && now.heldBy ? await escapeContest(actor, now.heldBy, now.heldRounds) : false;
    await writeConditions(actor, conditionsAfterRoundStart(now, escaped));
  }
}

/**
 * G-G2: the held victim's STR contest against its holder at the round's start, rolled with
 * Foundry's dice and posted; on an escape the holder's hold ends too. Returns whether it escaped.
 */
async function escapeContest(victim: FighterActor, holderUuid: string, heldRounds: number): Promise<boolean> {
  const holder = fromUuidSync(holderUuid as `Actor.${string}`) as unknown as FighterActor | null;
  const h = holder?.system?.toEngine?.();
  const v = victim.system?.toEngine?.();
  if (!holder || !h || !v) return false;
  const { value, rolls } = await withFoundryDice((dice) => escapeAtRoundStart(h, v, heldRounds, dice));
  const names = { name: victim.name ?? '', holder: holder.name ?? '' };
  const lines = value.contest.rolls.map((r) =>
    t('PDA.Greyhawk.Escape.Roll', {
      victim: names.name,
      holder: names.holder,
      vr: r.attackerRoll,
      vm: r.attackerMargin,
      hr: r.defenderRoll,
      hm: r.defenderMargin,
    }),
  );
  await postTemplateCard(
    victim,
    'greyhawk/escape-card.hbs',
    {
      title: t('PDA.Greyhawk.Escape.Title', names),
      rolls: lines,
      outcome: t(value.escaped ? 'PDA.Greyhawk.Escape.Escaped' : 'PDA.Greyhawk.Escape.Kept', names),
    },
    rolls,
  );
  if (value.escaped) await writeConditions(holder, { ...greyhawkConditionsOf(holder), ...HOLD_ENDED_HOLDER });
  return value.escaped;
}

/** G-P2: a fighter whose standing-up slot came (the engine's stoodUp) loses its prone state. */
export async function standGreyhawkFighters(combat: CombatLike, state: GreyhawkRoundState): Promise<void> {
  for (const id of stoodUp(state)) {
    const actor = fighterOf(combatantById(combat, id));
    if (!actor?.system?.toEngine) continue;
    const now = greyhawkConditionsOf(actor);
    if (now.prone) await writeConditions(actor, { ...now, prone: false });
  }
}
