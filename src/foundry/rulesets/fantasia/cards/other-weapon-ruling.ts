import { RulesError } from '../../../../engine/core/errors';
import { findBotte, weaponFit } from '../../../../engine/fantasia/bottes';
import type { FantasiaCombatant, FantasiaWeapon } from '../../../../engine/fantasia/types';
import { t } from '../../../i18n';
import { outsideGmQueue } from '../../../security';

/** What the ruling reads of an opening's choices (start.ts's `FantasiaOpenChoices`). */
interface RulingChoices {
  readonly thrustId: string;
  readonly situation?: Readonly<Record<string, boolean | undefined>>;
}

/** Users whose F-B1 question waits for the GM: one question at a time per user. */
const asking = new Set<string>();

/**
 * F-B1: a thrust with another weapon of the same skill is the GM's to allow, never the player's:
 * whatever the request says, the GM's client asks its GM (a GM attacking has decided by choosing).
 * The question waits outside the GM queue (every other request is answered meanwhile), one per
 * user (`PDA.Error.RulingPending`). `asked`: the GM was asked, so what was read before may have
 * changed and the opening is made again from the documents.
 */
export async function withOtherWeaponRuling<C extends RulingChoices>(
  c: C,
  user: User,
  name: string,
  attacker: FantasiaCombatant,
  weapon: FantasiaWeapon,
): Promise<{ choices: C; asked: boolean }> {
  const { otherWeapon: _ignored, ...situation } = c.situation ?? {};
  if (!c.thrustId) return { choices: { ...c, situation } as C, asked: false };
  const thrust = findBotte(c.thrustId);
  const known = attacker.thrusts?.find((k) => k.thrustId === thrust.id);
  if (weaponFit(thrust, weapon, known) !== 'sameSkill')
    return { choices: { ...c, situation } as C, asked: false };
  const allowedChoices = { ...c, situation: { ...situation, otherWeapon: true } } as C;
  if (user.isGM) return { choices: allowedChoices, asked: false };
  const who = user.id ?? '';
  if (asking.has(who)) throw new RulesError('PDA.Error.RulingPending');
  asking.add(who);
  let allowed = false;
  try {
    allowed = await outsideGmQueue(
      async () =>
        (await foundry.applications.api.DialogV2.confirm({
          window: { title: t('PDA.Chat.Dialog.OtherWeaponTitle') },
          content: `<p>${foundry.utils.escapeHTML(
            t('PDA.Chat.Dialog.OtherWeaponAsk', { name, thrust: thrust.name, weapon: weapon.name }),
          )}</p>`,
        } as unknown as foundry.applications.api.DialogV2.ConfirmConfig)) === true,
    );
  } finally {
    asking.delete(who);
  }
  if (!allowed)
    throw new RulesError('PDA.Error.ThrustOtherWeaponRefused', { thrust: thrust.name, weapon: weapon.name });
  return { choices: allowedChoices, asked: true };
}
