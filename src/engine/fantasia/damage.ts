import { RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import { diceOnly, evaluate, parseFormula, type DiceFormula, type RollResult } from '../dice/formula';
import { NO_DEFENCE, type AttackResult, type DefenceResult } from './attack';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from './options';
import { rollResistance, type ResistanceRoll } from './resistance';
import type { FantasiaCombatant, FantasiaStates, FantasiaWeapon, RuleId } from './types';
import { addsDamageBonus } from './weapons';

/** One line of a damage card: what was rolled and why. */
export interface DamagePart {
  readonly rule: RuleId;
  readonly key: string;
  readonly formula: string;
  /** Values of the dice kept. */
  readonly dice: readonly number[];
  readonly total: number;
}

/** A follow-up the GM or a player may take (a button on the card). */
export interface Offer {
  readonly id: string;
  readonly rule: RuleId;
  readonly key: string;
  readonly data?: Readonly<Record<string, string | number>>;
}

export interface DamageResult {
  readonly attackerId: string;
  readonly defenderId: string;
  readonly parts: readonly DamagePart[];
  /** Sum of the parts, after doubling, before armour. */
  readonly raw: number;
  /** Armour subtracted (F-H3); 0 when ignored. */
  readonly armour: number;
  /** PV the defender loses: never negative. */
  readonly total: number;
  readonly knockOut?: ResistanceRoll;
  /** States the hit puts on the defender (thrust effects, knock-out). */
  readonly states: Partial<FantasiaStates>;
  readonly offers: readonly Offer[];
  readonly rule: readonly RuleId[];
}

function part(rule: RuleId, key: string, r: RollResult): DamagePart {
  const dice: number[] = [];
  for (const t of r.terms) for (const d of t.dice) if (d.kept) dice.push(d.value);
  return { rule, key, formula: r.formula, dice, total: r.total };
}

/**
 * A damage part rolled: `part(evaluate(formula))` without the roll's record of each die when no
 * term keeps dice (every die kept; a d3 a halved d6, as evaluate rolls it), the same dice in the
 * same order and the same part.
 */
function rolledPart(rule: RuleId, key: string, formula: string | DiceFormula, dice: Dice): DamagePart {
  const parsed = typeof formula === 'string' ? parseFormula(formula) : formula;
  const terms = parsed.terms;
  for (let k = 0; k < terms.length; k++) {
    const t = terms[k]!;
    if (t.kind !== 'constant' && t.keep) return part(rule, key, evaluate(parsed, dice));
  }
  const values: number[] = [];
  let total = 0;
  for (let k = 0; k < terms.length; k++) {
    const t = terms[k]!;
    if (t.kind === 'constant') {
      total += t.sign * t.value;
      continue;
    }
    let sum = 0;
    const halved = t.faces === 3;
    const rolledOn = halved ? 6 : t.faces;
    for (let n = 0; n < t.count; n++) {
      const rolled = dice.die(rolledOn);
      const value = halved ? Math.ceil(rolled / 2) : rolled;
      values.push(value);
      sum += value;
    }
    total += t.sign * sum;
  }
  return { rule, key, formula: parsed.text, dice: values, total };
}

const diceOnlyCache = new Map<string, DiceFormula | null>();
function cachedDiceOnly(formula: string): DiceFormula | undefined {
  let d = diceOnlyCache.get(formula);
  if (d === undefined) {
    d = diceOnly(parseFormula(formula)) ?? null;
    if (diceOnlyCache.size < 10_000) diceOnlyCache.set(formula, d);
  }
  return d ?? undefined;
}

function empty(
  attack: AttackResult,
  rule: RuleId[],
  parts: DamagePart[] = [],
  offers: Offer[] = [],
): DamageResult {
  return {
    attackerId: attack.attackerId,
    defenderId: attack.defenderId,
    parts,
    raw: 0,
    armour: 0,
    total: 0,
    states: {},
    offers,
    rule,
  };
}

/**
 * The weapon whose dice the hit rolls: the attack's, except for a thrust struck with a second
 * weapon (Bond de Nausicaä, F-B7: the sword serves as a pole, the dague or poignard strikes).
 */
export function strikingWeapon(attack: AttackResult, attacker: FantasiaCombatant): FantasiaWeapon {
  // Loops, no closure over the attack: this runs on every blow, a thrust or not.
  const thrust = attack.thrust;
  if (!thrust) return attack.weapon;
  for (const second of thrust.thrust.conditions) {
    if (second.kind !== 'secondWeapon') continue;
    for (const w of attacker.weapons ?? [])
      if (w.id !== attack.weapon.id && w.type !== undefined && second.types.includes(w.type)) return w;
    return attack.weapon;
  }
  return attack.weapon;
}

/**
 * Step 4: damage of a hit. Weapon dice plus fixed part (F-H2); its dice rolled a second time on
 * a critical (F-H5); the attacker's damage bonus in melee only (F-H4); thrust effects (F-B7);
 * knock-out on the resistance table (F-U4); armour subtracted (F-H3); never below 0.
 */
export function rollDamage(
  attack: AttackResult,
  attacker: FantasiaCombatant,
  defender: FantasiaCombatant,
  defence: DefenceResult = NO_DEFENCE,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): DamageResult {
  if (!attack.hit) throw new RulesError('PDA.Error.NoHit', { rule: 'F-H1' });
  if (attacker.id !== attack.attackerId || defender.id !== attack.defenderId) {
    throw new RulesError('PDA.Error.WrongCombatant', { expected: attack.defenderId, got: defender.id });
  }
  const thrust = attack.thrust?.thrust;
  const effects = thrust?.effects ?? [];
  if (defence.success) {
    const through = effects.find((e) => e.kind === 'damageThroughParry');
    if (through && through.kind === 'damageThroughParry' && defence.kind === 'parry') {
      const p = rolledPart('F-B7', 'PDA.Fantasia.Damage.ThroughParry', through.damage, dice);
      const total = Math.max(0, p.total - defender.armour);
      return {
        ...empty(
          attack,
          ['F-B7', 'F-H3'],
          [p],
          [{ id: 'shieldKnockOut', rule: 'F-B7', key: 'PDA.Fantasia.Offer.ShieldKnockOut' }],
        ),
        raw: p.total,
        armour: Math.min(defender.armour, Math.max(0, p.total)),
        total,
      };
    }
    return empty(attack, [defence.kind === 'dodge' ? 'F-D1' : 'F-D2']);
  }

  const weapon = strikingWeapon(attack, attacker);
  const formula = parseFormula(weapon.damage);
  const parts: DamagePart[] = [rolledPart('F-H2', 'PDA.Fantasia.Damage.Weapon', formula, dice)];
  const rule: RuleId[] = ['F-H1', 'F-H2'];
  if (attack.critical) {
    const extra = cachedDiceOnly(weapon.damage);
    if (extra) {
      parts.push(rolledPart('F-H5', 'PDA.Fantasia.Damage.Critical', extra, dice));
      rule.push('F-H5');
    }
  }
  if (attacker.damageBonus !== '' && addsDamageBonus(weapon)) {
    parts.push(rolledPart('F-H4', 'PDA.Fantasia.Damage.Bonus', attacker.damageBonus, dice));
    rule.push('F-H4');
    if (effects.some((e) => e.kind === 'damageBonusTwice')) {
      parts.push(rolledPart('F-B7', 'PDA.Fantasia.Damage.BonusAgain', attacker.damageBonus, dice));
    }
  }
  let raw = 0;
  for (const p of parts) raw += p.total;
  let ignoreArmour = false;
  for (const e of effects) {
    if (e.kind === 'doubleDamage') {
      raw *= 2;
      if (e.ignoreArmour) ignoreArmour = true;
    }
  }
  raw = Math.max(0, raw);

  const states: Record<string, unknown> = {};
  const offers: Offer[] = [];
  if (thrust) {
    rule.push('F-B7');
    for (const e of effects) {
      switch (e.kind) {
        case 'cannotMove':
          states.cannotMove = true;
          break;
        case 'halfMovement':
          states.halfMovement = true;
          break;
        case 'strangle':
          states.strangled = { by: attacker.id, extraDamage: e.extraDamage };
          break;
        case 'cutArm':
          states.armLost = true;
          break;
        case 'kill':
          states.dead = true;
          break;
        case 'bindWeapon': {
          const held = defender.weapons?.find((w) => w.ready && w.kind !== 'unarmed');
          if (held) states.weaponBound = { weaponId: held.id };
          offers.push({ id: 'disarm', rule: 'F-W2', key: 'PDA.Fantasia.Offer.Disarm' });
          break;
        }
        case 'throwTargets':
          offers.push({
            id: 'landing',
            rule: 'F-B7',
            key: 'PDA.Fantasia.Offer.Landing',
            data: { damage: e.failDamage },
          });
          break;
        case 'spin':
          offers.push({ id: 'spin', rule: 'F-B7', key: 'PDA.Fantasia.Offer.Spin' });
          break;
        case 'counterInAir':
          offers.push({
            id: 'counterInAir',
            rule: 'F-B7',
            key: 'PDA.Fantasia.Offer.CounterInAir',
            data: { multiplier: e.dexMultiplier, malus: e.malus },
          });
          break;
        default:
          break;
      }
    }
  }

  if (weapon.kind === 'whip') {
    // F-W2: the lash wraps the foe; then trip or disarm, or pick one with no roll on a critical.
    states.entangled = { by: attacker.id, weaponId: weapon.id };
    rule.push('F-W2');
    if (attack.critical)
      offers.push({ id: 'whipChoose', rule: 'F-W2', key: 'PDA.Fantasia.Offer.WhipChoose' });
    else {
      offers.push({ id: 'whipTrip', rule: 'F-W2', key: 'PDA.Fantasia.Offer.WhipTrip' });
      offers.push({ id: 'whipDisarm', rule: 'F-W2', key: 'PDA.Fantasia.Offer.WhipDisarm' });
    }
  }

  let knockOut: ResistanceRoll | undefined;
  if (attack.knockOut) {
    knockOut = rollResistance(raw, Math.max(0, defender.pv.value), dice, 'F-U4', options);
    rule.push('F-U4');
    if (knockOut.success) {
      states.unconscious = { hours: defender.characteristics.CON };
      return finished(attack, parts, raw, Math.floor(raw / 3), 0, knockOut, states, offers, rule);
    }
    if (options.knockOutFailure === 'noEffect')
      return finished(attack, parts, raw, 0, 0, knockOut, states, offers, rule);
  }
  const armour = ignoreArmour ? 0 : Math.min(defender.armour, raw);
  if (!ignoreArmour) rule.push('F-H3');
  return finished(attack, parts, raw, raw - armour, armour, knockOut, states, offers, rule);
}

/**
 * rollDamage's result. A function of its own: an inner one closing over rollDamage's locals made
 * a context on every blow.
 */
function finished(
  attack: AttackResult,
  parts: DamagePart[],
  raw: number,
  total: number,
  armour: number,
  knockOut: ResistanceRoll | undefined,
  states: Record<string, unknown>,
  offers: Offer[],
  rule: RuleId[],
): DamageResult {
  return {
    attackerId: attack.attackerId,
    defenderId: attack.defenderId,
    parts,
    raw,
    armour,
    total,
    knockOut,
    states: states as Partial<FantasiaStates>,
    offers,
    rule,
  };
}

/** Before/after of one combatant, enough to undo a change. */
export interface CombatantDiff {
  readonly combatantId: string;
  readonly before: { readonly pv: FantasiaCombatant['pv']; readonly states: FantasiaStates };
  readonly after: { readonly pv: FantasiaCombatant['pv']; readonly states: FantasiaStates };
  readonly rule: readonly RuleId[];
}

export interface Applied {
  readonly combatant: FantasiaCombatant;
  readonly diff: CombatantDiff;
}

/** The combatant with `loss` PV (≥ 0) removed and the states patched (a new object). */
function changed(
  combatant: FantasiaCombatant,
  loss: number,
  statesPatch: Partial<FantasiaStates>,
): FantasiaCombatant {
  if (!Number.isInteger(loss) || loss < 0) {
    throw new RulesError('PDA.Error.OutOfRange', { what: 'damage', value: String(loss), min: 0, max: 9999 });
  }
  const pv = loss === 0 ? combatant.pv : { value: combatant.pv.value - loss, max: combatant.pv.max };
  let states = combatant.states;
  const keys = Object.keys(statesPatch);
  if (keys.length > 0) {
    const next: Record<string, unknown> = { ...states };
    for (const k of keys) {
      const v = (statesPatch as Record<string, unknown>)[k];
      if (v === undefined) delete next[k];
      else next[k] = v;
    }
    states = next as FantasiaStates;
  }
  return { ...combatant, pv, states };
}

/** Removes `loss` PV (≥ 0) and sets states; returns the new combatant and an undoable diff. */
export function applyChange(
  combatant: FantasiaCombatant,
  loss: number,
  statesPatch: Partial<FantasiaStates>,
  rule: readonly RuleId[],
): Applied {
  const next = changed(combatant, loss, statesPatch);
  return {
    combatant: next,
    diff: {
      combatantId: combatant.id,
      before: { pv: combatant.pv, states: combatant.states },
      after: { pv: next.pv, states: next.states },
      rule,
    },
  };
}

function checkDefender(defender: FantasiaCombatant, damage: DamageResult): void {
  if (defender.id !== damage.defenderId) {
    throw new RulesError('PDA.Error.WrongCombatant', { expected: damage.defenderId, got: defender.id });
  }
}

/** Step 5: applies a damage result to its defender (new object + undoable diff). */
export function applyDamage(defender: FantasiaCombatant, damage: DamageResult): Applied {
  checkDefender(defender, damage);
  return applyChange(defender, damage.total, damage.states, damage.rule);
}

/**
 * Step 5 when nothing will be undone (the simulator): the defender after the damage, the same
 * object as `applyDamage(...).combatant` would hold, and the same object back when no PV are
 * lost and no state is set.
 */
export function damagedDefender(defender: FantasiaCombatant, damage: DamageResult): FantasiaCombatant {
  checkDefender(defender, damage);
  let patched = false;
  for (const _key in damage.states) {
    patched = true;
    break;
  }
  if (damage.total === 0 && !patched) return defender;
  return changed(defender, damage.total, damage.states);
}
