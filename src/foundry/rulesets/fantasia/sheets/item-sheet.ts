import { PasseDArmesItemSheetBase, type RenderOptions } from '../../../apps';
import { templatePath } from '../../../constants';
import { itemSheetContext } from './context';

const ItemSheetBase = PasseDArmesItemSheetBase;

/** One sheet class for the five Fantasia item types; the template follows the item's type. */
export class FantasiaItemSheet extends ItemSheetBase {
  // Checked by Foundry at runtime; cast because fvtt-types' option types are too deep for tsc here.
  static override DEFAULT_OPTIONS = {
    classes: ['passe-d-armes', 'fantasia', 'item'],
    position: { width: 520, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static override PARTS = {
    body: { template: templatePath('fantasia/item/arme.hbs'), scrollable: [''] },
  };

  /** The body template depends on the item type. */
  override _configureRenderParts(options: RenderOptions) {
    const parts = super._configureRenderParts(options);
    const body = (parts as Record<string, { template: string }>)['body'];
    if (body) body.template = templatePath(`fantasia/item/${this.document.type}.hbs`);
    return parts;
  }

  override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    const item = this.document;
    const system = item.system as unknown as Record<string, unknown> & {
      toObject?: () => Record<string, unknown>;
    };
    const source = typeof system.toObject === 'function' ? system.toObject() : { ...system };
    const enriched = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      String(source.description ?? ''),
      {
        relativeTo: item,
        secrets: item.isOwner,
      },
    );
    return {
      ...base,
      ...itemSheetContext({
        item: {
          id: item.id ?? '',
          name: item.name,
          img: item.img ?? 'icons/svg/item-bag.svg',
          type: item.type,
        },
        system: source,
        editable: this.isEditable,
        enrichedDescription: enriched,
      }),
    };
  }
}
type ItemSheetBase = InstanceType<typeof ItemSheetBase>;
