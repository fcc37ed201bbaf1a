import { RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import { roll as rollFormula } from '../dice/formula';
import { applyChange, type Applied } from './damage';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from './options';
import { rollChance, type PercentRoll } from './resolution';
import type { FantasiaCombatant, FantasiaWeapon, RuleId } from './types';
import { findWeapon, updateWeapon, withStates } from './weapons';

function weaponOf(c: FantasiaCombatant, weaponId: string): FantasiaWeapon {
  const w = findWeapon(c, weaponId);
  if (!w) throw new RulesError('PDA.Error.NoSuchWeapon', { weapon: weaponId, name: c.name });
  return w;
}

/** Why the combatant cannot move this round (empty when it can). F-W5, F-B7, F-U3, F-U4. */
export function movementRefusals(c: FantasiaCombatant): { rule: RuleId; key: string }[] {
  const out: { rule: RuleId; key: string }[] = [];
  if (c.states.dead || c.states.unconscious)
    out.push({ rule: 'F-U4', key: 'PDA.Fantasia.Refusal.Unconscious' });
  if (c.states.reloading) out.push({ rule: 'F-W5', key: 'PDA.Fantasia.Refusal.Reloading' });
  if (c.states.cannotMove) out.push({ rule: 'F-B7', key: 'PDA.Fantasia.Refusal.Legs' });
  if (c.states.immobilised) out.push({ rule: 'F-U3', key: 'PDA.Fantasia.Refusal.Held' });
  return out;
}

/** Mouvement this round: halved by Casse-pied (F-B7), 0 when it cannot move. */
export function effectiveMouvement(c: FantasiaCombatant): number {
  if (movementRefusals(c).length > 0) return 0;
  return c.states.halfMovement ? Math.floor(c.mouvement / 2) : c.mouvement;
}

/** F-W6: the arquebus takes 1d4+3 rounds to reload, doubled after too much powder. */
export function startArquebusReload(
  c: FantasiaCombatant,
  weaponId: string,
  dice: Dice,
  doubled = false,
): { combatant: FantasiaCombatant; rounds: number; rule: readonly RuleId[] } {
  const w = weaponOf(c, weaponId);
  if (w.reload !== 'arquebus')
    throw new RulesError('PDA.Error.NotAnArquebus', { weapon: w.name, rule: 'F-W6' });
  if (c.states.weaponBroken?.includes(weaponId))
    throw new RulesError('PDA.Error.WeaponBroken', { weapon: w.name, rule: 'F-W6' });
  const base = rollFormula('1d4+3', dice).total;
  const rounds = doubled ? base * 2 : base;
  const next = withStates(updateWeapon(c, weaponId, { loaded: false }), {
    arquebusReload: { weaponId, roundsLeft: rounds },
  });
  return { combatant: next, rounds, rule: ['F-W6'] };
}

export type ArquebusIncident = 'miss' | 'littlePowder' | 'tooMuchPowder' | 'burst';

/** Incident table (F-W6): 01–50 miss, 51–70 too little powder, 71–94 too much, 95–00 burst. */
export function arquebusIncident(d100: number): ArquebusIncident {
  if (d100 <= 50) return 'miss';
  if (d100 <= 70) return 'littlePowder';
  if (d100 <= 94) return 'tooMuchPowder';
  return 'burst';
}

export interface ArquebusMishap {
  readonly chance: PercentRoll;
  readonly incidentRoll?: number;
  readonly incident?: ArquebusIncident;
  /** Burst: 1d6 to the shooter. */
  readonly burstDamage?: number;
  /** Too much powder: pass to startArquebusReload. */
  readonly reloadDoubled: boolean;
  readonly applied: Applied;
  readonly rule: readonly RuleId[];
}

/**
 * F-W6: after a failed arquebus roll, a Chance roll; if it fails, d100 on the incident table.
 * A burst deals 1d6 to the shooter (armour does not help: the gun explodes in the hands) and
 * destroys the gun.
 */
export function resolveArquebusMishap(
  shooter: FantasiaCombatant,
  weaponId: string,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): ArquebusMishap {
  const w = weaponOf(shooter, weaponId);
  if (w.reload !== 'arquebus')
    throw new RulesError('PDA.Error.NotAnArquebus', { weapon: w.name, rule: 'F-W6' });
  const chance = rollChance(shooter.characteristics.CHA, dice, options, 'F-W6');
  if (chance.success) {
    return { chance, reloadDoubled: false, applied: applyChange(shooter, 0, {}, ['F-W6']), rule: ['F-W6'] };
  }
  const incidentRoll = dice.die(100);
  const incident = arquebusIncident(incidentRoll);
  if (incident === 'burst') {
    const burstDamage = rollFormula('1d6', dice).total;
    const broken = [...(shooter.states.weaponBroken ?? []), weaponId];
    return {
      chance,
      incidentRoll,
      incident,
      burstDamage,
      reloadDoubled: false,
      applied: applyChange(shooter, burstDamage, { weaponBroken: broken }, ['F-W6']),
      rule: ['F-W6'],
    };
  }
  return {
    chance,
    incidentRoll,
    incident,
    reloadDoubled: incident === 'tooMuchPowder',
    applied: applyChange(shooter, 0, {}, ['F-W6']),
    rule: ['F-W6'],
  };
}
