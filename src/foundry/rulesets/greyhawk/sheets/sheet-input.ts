import type { GreyhawkCharacter, GreyhawkWeapon } from '../../../../engine/greyhawk/types';
import { sheetHeader } from '../../../models';
import { t } from '../../../i18n';
import { greyhawkConditionsOf } from '../conditions';
import { itemList, type GreyhawkDerived } from '../models/actors';
import type { GreyhawkSheetInput } from './context';

/** What the sheet reads of a `guerrier-adnd` or `monstre-adnd` actor. */
export interface GreyhawkActorLike {
  id: string | null;
  name: string;
  img: string | null;
  type: string;
  system: {
    toEngine(): GreyhawkCharacter;
    derived: GreyhawkDerived;
    biography?: string;
    toObject?: () => Record<string, unknown>;
  };
  items: Iterable<{ id: string | null; name: string; img: string | null; type: string; system: unknown }> & {
    get(id: string): { system: unknown } | undefined;
  };
}

/** Builds the pure context input from an actor document. */
export function sheetInputFromActor(
  actor: GreyhawkActorLike,
  editable: boolean,
  enrichedBiography: string,
  activeTab?: string,
): GreyhawkSheetInput {
  const weapons: GreyhawkSheetInput['weapons'][number][] = [];
  for (const item of itemList(actor.items)) {
    const system = item.system as { equipped?: boolean; toEngine?: () => GreyhawkWeapon };
    if (item.type !== 'arme-adnd' || typeof system.toEngine !== 'function') continue;
    weapons.push({
      ...system.toEngine(),
      equipped: Boolean(system.equipped),
      img: item.img ?? 'icons/svg/sword.svg',
    });
  }
  return {
    actor: sheetHeader(actor),
    system: actor.system.toObject?.() ?? {},
    character: actor.system.toEngine(),
    derived: actor.system.derived,
    weapons,
    editable,
    enrichedBiography,
    ...(activeTab ? { activeTab } : {}),
    conditions: greyhawkConditionsOf(actor),
    t,
  };
}
