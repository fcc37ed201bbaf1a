import { isRulesError } from '../../../engine/core/errors';
import {
  DEFAULT_FANTASIA_OPTIONS,
  fantasiaOptions,
  type FantasiaOptions,
} from '../../../engine/fantasia/options';
import { SYSTEM_ID } from '../../constants';

/** How an actor's damage bonus is found (F-H4 bonus, Basic Roleplaying table). */
export type DamageBonusMode = 'derived' | 'manual';

export const FANTASIA_SETTINGS = {
  criticalRange: 'fantasiaCriticalRange',
  fumbleRange: 'fantasiaFumbleRange',
  damageBonusMode: 'fantasiaDamageBonusMode',
  thrustMastery: 'fantasiaThrustMastery',
  knockOutFailure: 'fantasiaKnockOutFailure',
  chanceMultiplier: 'fantasiaChanceMultiplier',
  resistanceMin: 'fantasiaResistanceMin',
  resistanceMax: 'fantasiaResistanceMax',
  zeroPv: 'fantasiaZeroPv',
  declarationBinds: 'fantasiaDeclarationBinds',
} as const;

declare global {
  interface SettingConfig {
    'passe-d-armes.fantasiaCriticalRange': string;
    'passe-d-armes.fantasiaFumbleRange': string;
    'passe-d-armes.fantasiaDamageBonusMode': DamageBonusMode;
    'passe-d-armes.fantasiaThrustMastery': FantasiaOptions['thrustMastery'];
    'passe-d-armes.fantasiaKnockOutFailure': FantasiaOptions['knockOutFailure'];
    'passe-d-armes.fantasiaChanceMultiplier': number;
    'passe-d-armes.fantasiaResistanceMin': number;
    'passe-d-armes.fantasiaResistanceMax': number;
    'passe-d-armes.fantasiaZeroPv': FantasiaOptions['zeroPv'];
    'passe-d-armes.fantasiaDeclarationBinds': FantasiaOptions['declarationBinds'];
  }
}

/** Registers Fantasia's world settings (always, so they survive a ruleset switch). */
export function registerFantasiaSettings(): void {
  const settings = game.settings;
  if (!settings) return;
  const base = { scope: 'world', config: true } as const;
  settings.register(SYSTEM_ID, FANTASIA_SETTINGS.criticalRange, {
    ...base,
    name: 'PDA.FantasiaUI.Settings.CriticalRange.Name',
    hint: 'PDA.FantasiaUI.Settings.CriticalRange.Hint',
    type: String,
    default: DEFAULT_FANTASIA_OPTIONS.criticalRange,
  });
  settings.register(SYSTEM_ID, FANTASIA_SETTINGS.fumbleRange, {
    ...base,
    name: 'PDA.FantasiaUI.Settings.FumbleRange.Name',
    hint: 'PDA.FantasiaUI.Settings.FumbleRange.Hint',
    type: String,
    default: DEFAULT_FANTASIA_OPTIONS.fumbleRange,
  });
  settings.register(SYSTEM_ID, FANTASIA_SETTINGS.damageBonusMode, {
    ...base,
    name: 'PDA.FantasiaUI.Settings.DamageBonusMode.Name',
    hint: 'PDA.FantasiaUI.Settings.DamageBonusMode.Hint',
    type: String,
    choices: {
      derived: 'PDA.FantasiaUI.Settings.DamageBonusMode.Derived',
      manual: 'PDA.FantasiaUI.Settings.DamageBonusMode.Manual',
    },
    default: 'derived',
  });
  settings.register(SYSTEM_ID, FANTASIA_SETTINGS.thrustMastery, {
    ...base,
    name: 'PDA.FantasiaUI.Settings.ThrustMastery.Name',
    hint: 'PDA.FantasiaUI.Settings.ThrustMastery.Hint',
    type: String,
    choices: {
      points: 'PDA.FantasiaUI.Settings.ThrustMastery.Points',
      steps5: 'PDA.FantasiaUI.Settings.ThrustMastery.Steps5',
    },
    default: DEFAULT_FANTASIA_OPTIONS.thrustMastery,
  });
  settings.register(SYSTEM_ID, FANTASIA_SETTINGS.knockOutFailure, {
    ...base,
    name: 'PDA.FantasiaUI.Settings.KnockOutFailure.Name',
    hint: 'PDA.FantasiaUI.Settings.KnockOutFailure.Hint',
    type: String,
    choices: {
      normalDamage: 'PDA.FantasiaUI.Settings.KnockOutFailure.NormalDamage',
      noEffect: 'PDA.FantasiaUI.Settings.KnockOutFailure.NoEffect',
    },
    default: DEFAULT_FANTASIA_OPTIONS.knockOutFailure,
  });
  settings.register(SYSTEM_ID, FANTASIA_SETTINGS.chanceMultiplier, {
    ...base,
    name: 'PDA.FantasiaUI.Settings.ChanceMultiplier.Name',
    hint: 'PDA.FantasiaUI.Settings.ChanceMultiplier.Hint',
    type: Number,
    range: { min: 1, max: 10, step: 1 },
    default: DEFAULT_FANTASIA_OPTIONS.chanceMultiplier,
  });
  // F-T1: bounds of the resistance table's chance (ruling: none, 0 and 100).
  settings.register(SYSTEM_ID, FANTASIA_SETTINGS.resistanceMin, {
    ...base,
    name: 'PDA.FantasiaUI.Settings.ResistanceMin.Name',
    hint: 'PDA.FantasiaUI.Settings.ResistanceMin.Hint',
    type: Number,
    range: { min: 0, max: 50, step: 1 },
    default: DEFAULT_FANTASIA_OPTIONS.resistanceMin,
  });
  settings.register(SYSTEM_ID, FANTASIA_SETTINGS.resistanceMax, {
    ...base,
    name: 'PDA.FantasiaUI.Settings.ResistanceMax.Name',
    hint: 'PDA.FantasiaUI.Settings.ResistanceMax.Hint',
    type: Number,
    range: { min: 50, max: 100, step: 1 },
    default: DEFAULT_FANTASIA_OPTIONS.resistanceMax,
  });
  // Ruling "F-H1 0 PV": what 0 PV or below does (the seed is silent).
  settings.register(SYSTEM_ID, FANTASIA_SETTINGS.zeroPv, {
    ...base,
    name: 'PDA.FantasiaUI.Settings.ZeroPv.Name',
    hint: 'PDA.FantasiaUI.Settings.ZeroPv.Hint',
    type: String,
    choices: {
      dead: 'PDA.FantasiaUI.Settings.ZeroPv.Dead',
      down: 'PDA.FantasiaUI.Settings.ZeroPv.Down',
      gm: 'PDA.FantasiaUI.Settings.ZeroPv.Gm',
    },
    default: DEFAULT_FANTASIA_OPTIONS.zeroPv,
  });
  // Ruling F-R5 "how rough a declaration is": the seed's rough reading by default.
  settings.register(SYSTEM_ID, FANTASIA_SETTINGS.declarationBinds, {
    ...base,
    name: 'PDA.FantasiaUI.Settings.DeclarationBinds.Name',
    hint: 'PDA.FantasiaUI.Settings.DeclarationBinds.Hint',
    type: String,
    choices: {
      action: 'PDA.FantasiaUI.Settings.DeclarationBinds.Action',
      actionAndTarget: 'PDA.FantasiaUI.Settings.DeclarationBinds.ActionAndTarget',
    },
    default: DEFAULT_FANTASIA_OPTIONS.declarationBinds,
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
    // Not registered yet (early in init) or in a test world: the defaults apply.
    return undefined;
  }
}

/** The damage bonus mode the world uses; 'derived' when unset. */
export function damageBonusMode(): DamageBonusMode {
  return read(FANTASIA_SETTINGS.damageBonusMode) === 'manual' ? 'manual' : 'derived';
}

/**
 * The engine options from the world settings. A stored value the engine refuses (overlapping
 * ranges) falls back to the defaults, with a warning for the GM.
 */
export function fantasiaOptionsFromSettings(): FantasiaOptions {
  const partial: Record<string, unknown> = {};
  for (const [option, key] of Object.entries(FANTASIA_SETTINGS)) {
    if (option === 'damageBonusMode') continue;
    const value = read(key);
    if (value !== undefined && value !== null && value !== '') partial[option] = value;
  }
  try {
    return fantasiaOptions(partial as Partial<FantasiaOptions>);
  } catch (error) {
    if (!isRulesError(error)) throw error;
    if (game.user?.isGM) ui.notifications?.warn(game.i18n?.localize('PDA.FantasiaUI.Settings.Invalid') ?? '');
    return DEFAULT_FANTASIA_OPTIONS;
  }
}
