import {
  DEFAULT_GREYHAWK_OPTIONS,
  greyhawkOptions,
  type GreyhawkOptions,
} from '../../../engine/greyhawk/options';
import { SYSTEM_ID } from '../../constants';

/** World settings of the Greyhawk rulings (docs/rulings/greyhawk.md). */
export const GREYHAWK_SETTINGS = {
  naturalRolls: 'greyhawkNaturalRolls',
  disarmLevelCheck: 'greyhawkDisarmLevelCheck',
  offHandPenalty: 'greyhawkOffHandPenalty',
  capReactionBonus: 'greyhawkCapReactionBonus',
  criticalHits: 'greyhawkCriticalHits',
  deathAtMinusTen: 'greyhawkDeathAtMinusTen',
  monsterWeaponRate: 'greyhawkMonsterWeaponRate',
  piqueIsPick: 'greyhawkPiqueIsPick',
  mountedThrowing: 'greyhawkMountedThrowing',
} as const satisfies Record<keyof GreyhawkOptions, string>;

declare global {
  interface SettingConfig {
    'passe-d-armes.greyhawkNaturalRolls': boolean;
    'passe-d-armes.greyhawkDisarmLevelCheck': boolean;
    'passe-d-armes.greyhawkOffHandPenalty': number;
    'passe-d-armes.greyhawkCapReactionBonus': boolean;
    'passe-d-armes.greyhawkCriticalHits': boolean;
    'passe-d-armes.greyhawkDeathAtMinusTen': boolean;
    'passe-d-armes.greyhawkMonsterWeaponRate': boolean;
    'passe-d-armes.greyhawkPiqueIsPick': boolean;
    'passe-d-armes.greyhawkMountedThrowing': boolean;
  }
}

/** Registers Greyhawk's world settings (always, so they survive a ruleset switch). */
export function registerGreyhawkSettings(): void {
  const settings = game.settings;
  if (!settings) return;
  const base = { scope: 'world', config: true } as const;
  settings.register(SYSTEM_ID, GREYHAWK_SETTINGS.naturalRolls, {
    ...base,
    name: 'PDA.Greyhawk.Settings.NaturalRolls.Name',
    hint: 'PDA.Greyhawk.Settings.NaturalRolls.Hint',
    type: Boolean,
    default: DEFAULT_GREYHAWK_OPTIONS.naturalRolls,
  });
  settings.register(SYSTEM_ID, GREYHAWK_SETTINGS.disarmLevelCheck, {
    ...base,
    name: 'PDA.Greyhawk.Settings.DisarmLevelCheck.Name',
    hint: 'PDA.Greyhawk.Settings.DisarmLevelCheck.Hint',
    type: Boolean,
    default: DEFAULT_GREYHAWK_OPTIONS.disarmLevelCheck,
  });
  settings.register(SYSTEM_ID, GREYHAWK_SETTINGS.offHandPenalty, {
    ...base,
    name: 'PDA.Greyhawk.Settings.OffHandPenalty.Name',
    hint: 'PDA.Greyhawk.Settings.OffHandPenalty.Hint',
    type: Number,
    range: { min: -6, max: 0, step: 1 },
    default: DEFAULT_GREYHAWK_OPTIONS.offHandPenalty,
  });
  settings.register(SYSTEM_ID, GREYHAWK_SETTINGS.capReactionBonus, {
    ...base,
    name: 'PDA.Greyhawk.Settings.CapReactionBonus.Name',
    hint: 'PDA.Greyhawk.Settings.CapReactionBonus.Hint',
    type: Boolean,
    default: DEFAULT_GREYHAWK_OPTIONS.capReactionBonus,
  });
  settings.register(SYSTEM_ID, GREYHAWK_SETTINGS.criticalHits, {
    ...base,
    name: 'PDA.Greyhawk.Settings.CriticalHits.Name',
    hint: 'PDA.Greyhawk.Settings.CriticalHits.Hint',
    type: Boolean,
    default: DEFAULT_GREYHAWK_OPTIONS.criticalHits,
  });
  settings.register(SYSTEM_ID, GREYHAWK_SETTINGS.deathAtMinusTen, {
    ...base,
    name: 'PDA.Greyhawk.Settings.DeathAtMinusTen.Name',
    hint: 'PDA.Greyhawk.Settings.DeathAtMinusTen.Hint',
    type: Boolean,
    default: DEFAULT_GREYHAWK_OPTIONS.deathAtMinusTen,
  });
  // Issue 44's rulings (docs/rulings.md): where readings of the seed and the PHB differ.
  for (const [option, label] of [
    ['monsterWeaponRate', 'MonsterWeaponRate'],
    ['piqueIsPick', 'PiqueIsPick'],
    ['mountedThrowing', 'MountedThrowing'],
  ] as const)
    settings.register(SYSTEM_ID, GREYHAWK_SETTINGS[option], {
      ...base,
      name: `PDA.Greyhawk.Settings.${label}.Name`,
      hint: `PDA.Greyhawk.Settings.${label}.Hint`,
      type: Boolean,
      default: DEFAULT_GREYHAWK_OPTIONS[option],
    });
}

function read(key: string): unknown {
  try {
    return (game.settings?.get as unknown as (ns: string, k: string) => unknown)?.call(
      game.settings,
      SYSTEM_ID,
      key,
    );
  } catch {
    return undefined; // not registered yet: defaults apply
  }
}

/** The engine options from the world settings; unset or mistyped values keep their defaults. */
export function greyhawkOptionsFromSettings(): GreyhawkOptions {
  const partial: Partial<Record<keyof GreyhawkOptions, boolean | number>> = {};
  for (const [option, key] of Object.entries(GREYHAWK_SETTINGS) as [keyof GreyhawkOptions, string][]) {
    const value = read(key);
    const expected = typeof DEFAULT_GREYHAWK_OPTIONS[option];
    if (typeof value === expected) partial[option] = value as boolean | number;
  }
  return greyhawkOptions(partial as Partial<GreyhawkOptions>);
}
