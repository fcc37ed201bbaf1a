import type { ItemMaterial } from '../../../../engine/greyhawk/types';
import { t } from '../../../i18n';
import { GH_MATERIALS } from '../models/items';

/**
 * G-G1: the attack dialog's "fragile object" choice (its material, for the item save vs crushing
 * blow the engine rolls when the object is fought over). Kept here so the cards' files only call it.
 */

export { GH_MATERIALS };

/** The select's options: none, then each material. */
export function fragileOptions(selected: ItemMaterial | undefined) {
  return {
    fragileLabel: t('PDA.Greyhawk.Fragile.Label'),
    fragile: [
      { value: '', label: t('PDA.Greyhawk.Fragile.None'), selected: selected === undefined },
      ...GH_MATERIALS.map((m) => ({
        value: m,
        label: t(`PDA.Greyhawk.Material.${m}`),
        selected: m === selected,
      })),
    ],
  };
}

/** The form's value as a choice (an unknown material is no choice). */
export function fragileField(value: FormDataEntryValue | null): { fragile?: ItemMaterial } {
  const v = String(value ?? '');
  return (GH_MATERIALS as readonly string[]).includes(v) ? { fragile: v as ItemMaterial } : {};
}
