import type { ShieldAcState } from '../../../../engine/greyhawk/manoeuvres';
import type { Modifier } from '../../../../engine/greyhawk/types';
import { SYSTEM_ID } from '../../../constants';
import type { StatusWrite } from '../../../chat/flow';
import { applyStatusWrites } from '../../../chat/statuses';
import { t } from '../../../i18n';

/**
 * G-SH1 the off-hand shield punch on the documents: the puncher's shield gives no AC until the
 * round ends (a status on the actor, which the attack cards read), or for a shield specialist
 * until its next attack (the next attack card it opens takes the status away). The round's end
 * clears it (round-end.ts).
 */

export const SHIELD_PUNCHED_STATUS_ID = 'greyhawk-shieldPunched';

interface EffectLike {
  readonly id: string | null;
  readonly statuses?: Iterable<string>;
  readonly flags?: Record<string, Record<string, unknown> | undefined>;
}

interface EffectParent {
  readonly effects?: Iterable<EffectLike>;
  deleteEmbeddedDocuments?(type: 'ActiveEffect', ids: string[]): Promise<unknown>;
}

function punched(actor: unknown): EffectLike | undefined {
  for (const e of (actor as EffectParent | null)?.effects ?? [])
    if ([...(e.statuses ?? [])].includes(SHIELD_PUNCHED_STATUS_ID)) return e;
  return undefined;
}

/** The status the punch writes on the puncher, or undefined when its shield AC is kept. */
export function shieldPunchStatus(state: ShieldAcState | undefined, name: string): StatusWrite | undefined {
  if (state !== 'lostToRoundEnd' && state !== 'untilNextAttack') return undefined;
  return {
    name,
    img: 'icons/svg/shield.svg',
    statuses: [SHIELD_PUNCHED_STATUS_ID],
    duration: { rounds: 1 },
    flags: { [SYSTEM_ID]: { shieldPunch: { untilNextAttack: state === 'untilNextAttack' } } },
  };
}

/** G-SH1: the shield's point of AC lost by a fighter who punched with it off-hand this round. */
export function shieldPunchAcModifiers(actor: unknown, shieldAc: number, alreadyLost: boolean): Modifier[] {
  if (alreadyLost || shieldAc <= 0 || !punched(actor)) return [];
  return [{ source: 'G-SH1', label: 'PDA.Greyhawk.Mod.ShieldPunched', value: shieldAc }];
}

/** G-SH1: a shield specialist's next attack brings its shield AC back (GM side, before the card). */
export async function regainShieldAtAttack(actor: unknown): Promise<void> {
  const e = punched(actor);
  const parent = actor as EffectParent;
  const data = e?.flags?.[SYSTEM_ID]?.shieldPunch as { untilNextAttack?: unknown } | undefined;
  if (e?.id && data?.untilNextAttack === true && parent.deleteEmbeddedDocuments)
    await parent.deleteEmbeddedDocuments('ActiveEffect', [e.id]);
}

/**
 * GM side, when an attack card opens: the specialist's shield comes back for this attack, then
 * an off-hand punch (hit or miss) takes it away again until the round ends or the next attack.
 */
export async function shieldPunchCommit(actor: unknown, state: ShieldAcState | undefined): Promise<void> {
  await regainShieldAtAttack(actor);
  const write = shieldPunchStatus(state, t('PDA.Greyhawk.Status.shieldPunched'));
  if (write) await applyStatusWrites(actor, { [SHIELD_PUNCHED_STATUS_ID]: write });
}
