import { ATTACK_CHARACTERISTICS, type AimKind, type AttackInput } from '../../../../engine/souffle/attack';
import type { SouffleFighter } from '../../../../engine/souffle/fighter';
import { t } from '../../../i18n';
import type { CardTarget } from '../../../chat';

/** Aims a fighter may prepare (S-AT7, S-MN1..S-MN3). */
export const AIM_KINDS: readonly AimKind[] = ['viser', 'feinte', 'desarmer', 'assommer'];

/** The attack dialog's context (pure; the gallery renders it too). */
export function attackDialogContext(
  fighter: SouffleFighter,
  input: AttackInput,
  weaponName: string,
  targets: readonly CardTarget[],
  aim: AimKind | '',
  checked?: readonly string[],
) {
  return {
    weapon: weaponName,
    // One attack, one target (S-R1): the first targeted token is offered first; a choice among
    // several foes (issue 46) starts with none ticked.
    targets: targets.map((x, i) => ({ ...x, checked: checked ? checked.includes(x.actorUuid) : i === 0 })),
    characteristics: ATTACK_CHARACTERISTICS[input.kind].map((id) => ({
      id,
      label: `${t(`PDA.Souffle.Characteristic.${id}`)} (${fighter[id]})`,
      selected: id === input.characteristic.id,
    })),
    metiers: [
      { value: 0, label: '—', selected: input.metier === 0 },
      ...Object.entries(fighter.metiers).map(([name, level]) => ({
        value: level,
        label: `${name} (${level})`,
        selected: level === input.metier,
      })),
    ],
    aims: [
      { id: '', label: t('PDA.Souffle.Chat.NoAim'), selected: aim === '' },
      // S-AT7: only the aim prepared by an aim action (a short action of its own) is offered.
      ...AIM_KINDS.filter((k) => k === aim && (input.kind === 'melee' || k !== 'feinte')).map((k) => ({
        id: k,
        label: t(`PDA.Souffle.Chat.Aim.${k}`),
        selected: k === aim,
      })),
    ],
    labels: {
      targets: t('PDA.Chat.Dialog.Targets'),
      noTargets: t('PDA.Chat.Dialog.NoTargets'),
      characteristic: t('PDA.Souffle.Chat.Dialog.Characteristic'),
      metier: t('PDA.Souffle.Chat.Row.Metier'),
      aim: t('PDA.Souffle.Chat.Dialog.Aim'),
      context: t('PDA.Souffle.Chat.Dialog.Terrain'),
    },
  };
}
