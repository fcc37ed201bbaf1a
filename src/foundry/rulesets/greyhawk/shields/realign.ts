import { RulesError } from '../../../../engine/core/errors';
import { notifyError, t } from '../../../i18n';
import { postTemplateCard } from '../../../chat/simple-card';

/**
 * G-D3: a fighter whose shield was knocked aside spends one of this round's attacks to realign
 * it (the sheet's button): the shield's AC is back at once and the round counts one attack used.
 * Without an attack left it must wait for the next round.
 */

interface CombatantDoc {
  readonly actor?: { uuid?: string } | null;
  readonly system?: { budgets?: unknown };
  update(data: Record<string, unknown>): Promise<unknown>;
}

interface Budget {
  max: number;
  used: number;
}

function combatantOf(uuid: string): CombatantDoc | undefined {
  const combats = (
    game.combats as unknown as { contents?: { round?: number; combatants: Iterable<CombatantDoc> }[] }
  )?.contents;
  for (const combat of combats ?? []) {
    if (!combat.round) continue;
    for (const c of combat.combatants) if (c.actor?.uuid === uuid) return c;
  }
  return undefined;
}

function budgetsOf(c: CombatantDoc): Record<string, Budget> | undefined {
  const raw = c.system?.budgets;
  try {
    const parsed = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Budget>) : undefined;
  } catch {
    return undefined;
  }
}

interface ActorDoc {
  readonly uuid: string;
  readonly name: string;
  readonly system: { readonly conditions?: { readonly shieldOffLine?: boolean } };
  update(data: Record<string, unknown>): Promise<unknown>;
}

export async function realignShield(actor: ActorDoc): Promise<void> {
  if (actor.system.conditions?.shieldOffLine !== true) return;
  const combatant = combatantOf(actor.uuid);
  const budgets = combatant ? budgetsOf(combatant) : undefined;
  const attacks = budgets?.attacks;
  if (combatant && budgets && attacks) {
    if (attacks.max - attacks.used <= 0)
      throw new RulesError('PDA.Greyhawk.Realign.NoAttack', { name: actor.name });
    const spent = { ...budgets, attacks: { ...attacks, used: attacks.used + 1 } };
    await combatant.update({ system: { budgets: JSON.stringify(spent) } });
  }
  await actor.update({ system: { conditions: { shieldOffLine: false } } });
  await postTemplateCard(
    actor,
    'greyhawk/realign-card.hbs',
    {
      title: t('PDA.Greyhawk.Realign.Title', { name: actor.name }),
      rolls: [],
      outcome: t(combatant ? 'PDA.Greyhawk.Realign.Done' : 'PDA.Greyhawk.Realign.DoneOutside', {
        name: actor.name,
      }),
      rule: 'G-D3',
    },
    [],
  );
}

/** The sheet action (`data-action="realignShield"`). */
export async function onRealignClick(this: { document: unknown }): Promise<void> {
  try {
    await realignShield(this.document as ActorDoc);
  } catch (error) {
    notifyError(error);
  }
}
