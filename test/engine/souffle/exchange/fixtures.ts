import { ScriptedDice } from '../../../../src/engine/dice';
import {
  DEFAULT_OPTIONS,
  WEAPONS,
  type SouffleFighter,
  type SouffleWeapon,
} from '../../../../src/engine/souffle';
import type { SouffleExchangeView, SouffleFighterView } from '../../../../src/engine/souffle/exchange';

/** A Souffle fighter with the seed's defaults, changed by `extra`. */
export function fighter(name: string, extra: Partial<SouffleFighter> = {}): SouffleFighter {
  return {
    id: name.toLowerCase(),
    name,
    geste: 2,
    vigueur: 2,
    acuite: 2,
    metiers: {},
    disciplines: [],
    defense: 2,
    initiative: 0,
    souffle: { value: 10, max: 10 },
    pv: { value: 10, max: 10 },
    wounds: [],
    chance: 1,
    states: [],
    size: 2,
    ...extra,
  };
}

export const sword = (id: string): SouffleWeapon => ({ ...WEAPONS.epeeLongue!, id });
export const mace = (id: string): SouffleWeapon => ({ ...WEAPONS.masse!, id });

/** S-AT3's Gardien: vigueur 3, métier 4, two long swords. */
export const gardien = (extra: Partial<SouffleFighter> = {}) =>
  fighter('Gardien', { vigueur: 3, metiers: { Gardien: 4 }, ...extra });
/** S-DF3's Chasseur: défense 5, métier 3, 3 souffle, posture défensif. */
export const chasseur = (extra: Partial<SouffleFighter> = {}) =>
  fighter('Chasseur', {
    defense: 5,
    metiers: { Chasseur: 3 },
    souffle: { value: 3, max: 10 },
    posture: 'defensif',
    ...extra,
  });

export function side(
  f: SouffleFighter,
  weapons: readonly SouffleWeapon[] = [],
  more: Partial<SouffleFighterView> = {},
) {
  return { fighter: f, weapons, ...more };
}

export function view(
  attacker: SouffleFighterView | undefined,
  defender: SouffleFighterView | undefined,
  more: Partial<SouffleExchangeView> = {},
): SouffleExchangeView {
  return {
    options: DEFAULT_OPTIONS,
    ...(attacker ? { attacker } : {}),
    ...(defender ? { defender } : {}),
    attackerName: attacker?.fighter.name ?? 'Gone',
    defenderName: defender?.fighter.name ?? 'Gone',
    ...more,
  };
}

export const dice = (...values: number[]) => new ScriptedDice(values);
export const none = () => new ScriptedDice([]);
