import { WEAPONS } from '../../../../engine/greyhawk/data';
import { GH_HANDS, GH_WEAPON_KINDS } from '../models/items';
import { PasseDArmesItemSheetBase, type RenderOptions } from '../../../apps';
import { templatePath } from '../../../constants';

/** Sheet of `arme-adnd` items. */
export class GreyhawkWeaponSheet extends PasseDArmesItemSheetBase {
  static override DEFAULT_OPTIONS: object = {
    classes: ['passe-d-armes', 'greyhawk', 'item'],
    position: { width: 480, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static override PARTS = {
    sheet: { template: templatePath('greyhawk/weapon-sheet.hbs') },
  };

  override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    return { ...base, ...weaponSheetContext(this.document as unknown as WeaponDocLike, this.isEditable) };
  }
}

interface WeaponDocLike {
  name: string;
  img: string | null;
  system: { toObject?: () => Record<string, unknown> };
}

export function weaponSheetContext(item: WeaponDocLike, editable: boolean) {
  const system = item.system.toObject?.() ?? {};
  const stored = typeof system.base === 'string' ? system.base : '';
  // A weapon imported with a base the catalogue lacks keeps it: the select shows it as it is.
  const unknown = stored && !(stored in WEAPONS) ? [{ id: stored, label: stored }] : [];
  return {
    item: { name: item.name, img: item.img ?? 'icons/svg/sword.svg' },
    system,
    editable,
    // The catalogue's weapons by their names (the stored key never shows), in the user's language's order.
    bases: Object.keys(WEAPONS)
      .map((id) => ({ id, label: game.i18n?.localize(`PDA.Greyhawk.WeaponName.${id}`) ?? id }))
      .sort((a, b) => a.label.localeCompare(b.label))
      .concat(unknown),
    kinds: GH_WEAPON_KINDS.map((k) => ({ id: k, label: `PDA.Greyhawk.WeaponKind.${k}` })),
    hands: GH_HANDS.map((h) => ({ id: h, label: `PDA.Greyhawk.Hands.${h}` })),
    sizes: ['T', 'S', 'M', 'L', 'H', 'G'].map((s) => ({ id: s, label: `PDA.Greyhawk.Size.${s}` })),
  };
}
