import type { FantasiaCombatant } from './types';

/**
 * At 0 PV or below (ruling in docs/rulings.md, "F-H1 0 PV"): the seed says a hit takes PV and
 * never what happens when none are left. The default is Basic Roleplaying's standard rule (dead at
 * 0 or below); a world may play it gentler (out of the fight at 0 or below, dead at −CON or below)
 * or leave it to the GM (nothing automatic: the GM marks the fallen).
 */
export type ZeroPvRule = 'dead' | 'down' | 'gm';

export const ZERO_PV_RULES: readonly ZeroPvRule[] = ['dead', 'down', 'gm'];

/** Whether a fighter can still act: fighting, out of the fight, or dead. */
export type FightCondition = 'fighting' | 'out' | 'dead';

export function fightCondition(
  c: Pick<FantasiaCombatant, 'pv' | 'characteristics'>,
  rule: ZeroPvRule,
): FightCondition {
  const pv = c.pv.value;
  if (rule === 'gm' || pv > 0) return 'fighting';
  if (rule === 'dead') return 'dead';
  return pv <= -c.characteristics.CON ? 'dead' : 'out';
}

/** The refusal key for a fighter who cannot act because of its PV (undefined: it can). */
export function fallenRefusal(condition: FightCondition): string | undefined {
  if (condition === 'dead') return 'PDA.Error.FallenDead';
  if (condition === 'out') return 'PDA.Error.FallenOut';
  return undefined;
}
