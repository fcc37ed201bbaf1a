import { isRulesError } from '../../../engine/core/errors';
import { DEFAULT_OPTIONS, souffleOptions, type SouffleOptions } from '../../../engine/souffle/options';
import { DEFAULT_LADDER, validateLadder, type AdvantageLadder } from '../../../engine/souffle/ladder';
import { SYSTEM_ID } from '../../constants';
import { ladderFromText, ladderToText } from './ladder-form-data';

export { ladderFromText, ladderToText };

/** World settings of Souffle, one per engine option (docs/rulings/souffle.md). */
export const SOUFFLE_SETTINGS = {
  ladder: 'souffleLadder',
  postureModifiers: 'soufflePostureModifiers',
  forceCap: 'souffleForceCap',
  meleeStats: 'souffleMeleeStats',
  rangedStats: 'souffleRangedStats',
  halfMetier: 'souffleHalfMetier',
  initiativeAddsScore: 'souffleInitiativeAddsScore',
  testThreshold: 'souffleTestThreshold',
  spillToPv: 'souffleSpillToPv',
  outnumberPerAlly: 'souffleOutnumberPerAlly',
  aimLasts: 'souffleAimLasts',
} as const satisfies Record<keyof SouffleOptions, string>;

declare global {
  interface SettingConfig {
    'passe-d-armes.souffleLadder': string;
    'passe-d-armes.soufflePostureModifiers': SouffleOptions['postureModifiers'];
    'passe-d-armes.souffleForceCap': SouffleOptions['forceCap'];
    'passe-d-armes.souffleMeleeStats': SouffleOptions['meleeStats'];
    'passe-d-armes.souffleRangedStats': SouffleOptions['rangedStats'];
    'passe-d-armes.souffleHalfMetier': SouffleOptions['halfMetier'];
    'passe-d-armes.souffleInitiativeAddsScore': boolean;
    'passe-d-armes.souffleTestThreshold': number;
    'passe-d-armes.souffleSpillToPv': boolean;
    'passe-d-armes.souffleOutnumberPerAlly': number;
    'passe-d-armes.souffleAimLasts': SouffleOptions['aimLasts'];
  }
}

const K = 'PDA.Souffle.Settings';

/** Choices of the option fields that take one, as localization keys. */
const CHOICES: Partial<Record<keyof SouffleOptions, readonly string[]>> = {
  postureModifiers: ['detailed', 'summary'],
  forceCap: ['die', 'ten'],
  meleeStats: ['level', 'sum'],
  rangedStats: ['level', 'sum'],
  halfMetier: ['up', 'down'],
  aimLasts: ['round', 'nextRound', 'used'],
};

function settingName(option: string): string {
  return option.charAt(0).toUpperCase() + option.slice(1);
}

/** The settings menu that opens the ladder form (the ladder setting itself is hidden). */
export const LADDER_MENU = 'souffleLadderMenu';

/**
 * Registers Souffle's world settings (always, so they survive a ruleset switch); the ladder form
 * registers its own menu (ladder-form.ts), so that this module stays below the form.
 */
export function registerSouffleSettings(): void {
  const settings = game.settings;
  if (!settings) return;
  const register = settings.register.bind(settings) as (
    ns: string,
    key: string,
    data: Record<string, unknown>,
  ) => void;
  for (const [option, key] of Object.entries(SOUFFLE_SETTINGS) as [keyof SouffleOptions, string][]) {
    const name = settingName(option);
    const base = {
      scope: 'world',
      config: true,
      name: `${K}.${name}.Name`,
      hint: `${K}.${name}.Hint`,
    };
    const choices = CHOICES[option];
    const initial = DEFAULT_OPTIONS[option];
    if (option === 'ladder') {
      // Edited through the ladder form (registerMenu below), stored as before: JSON of the rows.
      register(SYSTEM_ID, key, {
        ...base,
        config: false,
        type: String,
        default: ladderToText(DEFAULT_OPTIONS.ladder),
      });
    } else if (choices) {
      register(SYSTEM_ID, key, {
        ...base,
        type: String,
        choices: Object.fromEntries(choices.map((c) => [c, `${K}.${name}.${c}`])),
        default: initial,
      });
    } else if (typeof initial === 'boolean') {
      register(SYSTEM_ID, key, { ...base, type: Boolean, default: initial });
    } else {
      register(SYSTEM_ID, key, {
        ...base,
        type: Number,
        range: option === 'testThreshold' ? { min: 1, max: 30, step: 1 } : { min: 1, max: 5, step: 1 },
        default: initial,
      });
    }
  }
}

/** The ladder stored in the world; a missing or broken one gives the default ladder. */
export function currentLadder(): AdvantageLadder {
  const value = read(SOUFFLE_SETTINGS.ladder);
  if (typeof value !== 'string' || value === '') return DEFAULT_LADDER;
  try {
    return validateLadder(ladderFromText(value));
  } catch (error) {
    if (!isRulesError(error) && !(error instanceof SyntaxError)) throw error;
    return DEFAULT_LADDER;
  }
}

/** Stores a ladder in the setting's text format (ladderToText); the caller has validated it. */
export async function writeLadderSetting(text: string): Promise<unknown> {
  const set = game.settings?.set as unknown as
    ((ns: string, key: string, value: unknown) => Promise<unknown>) | undefined;
  return set?.call(game.settings, SYSTEM_ID, SOUFFLE_SETTINGS.ladder, text);
}

function read(key: string): unknown {
  try {
    return (game.settings?.get as unknown as (ns: string, k: string) => unknown)?.call(
      game.settings,
      SYSTEM_ID,
      key,
    );
  } catch {
    return undefined; // not registered yet, or a test world: defaults apply
  }
}

/**
 * The engine options from the world settings. A stored value the engine refuses (a broken ladder)
 * falls back to the defaults, with a warning for the GM.
 */
export function souffleOptionsFromSettings(): SouffleOptions {
  const partial: Record<string, unknown> = {};
  try {
    for (const [option, key] of Object.entries(SOUFFLE_SETTINGS)) {
      const value = read(key);
      if (value === undefined || value === null || value === '') continue;
      partial[option] = option === 'ladder' ? ladderFromText(String(value)) : value;
    }
    return souffleOptions(partial as Partial<SouffleOptions>);
  } catch (error) {
    if (!isRulesError(error) && !(error instanceof SyntaxError)) throw error;
    if (game.user?.isGM) ui.notifications?.warn(game.i18n?.localize(`${K}.Invalid`) ?? '');
    return DEFAULT_OPTIONS;
  }
}
