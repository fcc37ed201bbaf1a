/**
 * The exchange machines the benches time (issue 47's "each exchange at a million a second"):
 * Fantasia's full attack (`resolveExchange`: attack, defence, damage, effects, over five kinds of
 * attack), Souffle's exchange (attack, defence, damage on the fighter), Greyhawk's melee attack
 * with its damage and its missile attack at medium range. Each `run(n)` plays n exchanges on its
 * own seeded dice and returns a checksum, so that nothing is optimised away.
 */
import { SeededDice } from '../../src/engine/dice';
import {
  damageBonusFor,
  FANTASIA_WEAPONS,
  resolveExchange,
  type ExchangeInput,
  type FantasiaCombatant,
} from '../../src/engine/fantasia';
import {
  catalogueWeapon,
  resolveAttack as ghAttack,
  rollDamage as ghDamage,
  type GreyhawkCharacter,
} from '../../src/engine/greyhawk';
import {
  DEFAULT_OPTIONS,
  WEAPONS,
  applyDamage,
  resolveAttack as souffleAttack,
  resolveDefence as souffleDefence,
  type SouffleFighter,
  type SouffleWeapon,
} from '../../src/engine/souffle';

// Fantasia: a swordsman against a shield bearer; a plain blow, a declared dodge behind cover, a
// crossbow bolt, a secret thrust and a knock-out punch in turn.
const W = FANTASIA_WEAPONS;
const base = (id: string, over: Partial<FantasiaCombatant>): FantasiaCombatant => ({
  id,
  name: id,
  kind: 'pnj',
  characteristics: { FOR: 14, CON: 13, TAI: 13, INT: 11, DEX: 13, CHA: 10 },
  pv: { value: 13, max: 13 },
  mouvement: 8,
  damageBonus: damageBonusFor(14, 13),
  armour: 2,
  skills: { armesDeMelee: 65, esquive: 40, armesDeTir: 55, bagarre: 60 },
  states: {},
  weapons: [W.epeeLongue, W.arbalete, W.bagarre],
  thrusts: [{ thrustId: 'coupBestial', crosses: 0 }],
  ...over,
});
const attacker = base('a', {});
const defender = base('d', { shield: { id: 's', name: 's', parryBonus: 10, parriesMissiles: true } });
export const FANTASIA_INPUTS: readonly ExchangeInput[] = [
  { attacker, defender, weapon: W.epeeLongue, declaration: {} },
  { attacker, defender, weapon: W.epeeLongue, cover: 10, declaration: { dodgeDeclared: true } },
  { attacker, defender, weapon: W.arbalete, declaration: {} },
  { attacker, defender, weapon: W.epeeLongue, thrust: { thrustId: 'coupBestial' }, declaration: {} },
  { attacker, defender, weapon: W.bagarre, knockOut: true, declaration: {} },
];

// Souffle: two swords against a parrying fighter, in prudent posture.
const epee = WEAPONS.epeeLongue as SouffleWeapon;
export const SOUFFLE_TARGET: SouffleFighter = {
  id: 't',
  name: 'Cible',
  geste: 3,
  vigueur: 3,
  acuite: 2,
  metiers: { chasseur: 3 },
  disciplines: [],
  defense: 5,
  initiative: 2,
  souffle: { value: 12, max: 12 },
  pv: { value: 15, max: 15 },
  wounds: [],
  chance: 1,
  posture: 'prudent',
  states: [],
};

// Greyhawk: a ninth-level fighter, master of the long sword, fighting with two weapons.
const ghAttacker: GreyhawkCharacter = {
  id: 'a',
  name: 'A',
  classes: [{ cls: 'fighter', level: 9 }],
  str: 18,
  strPercent: 76,
  dex: 16,
  int: 12,
  size: 'M',
  proficiencies: ['longSword', 'longBow'],
  weaponOfChoice: 'longSword',
  mastery: { longSword: { rank: 'master', since: 9, firstSpecialised: 1 } },
  styles: { twoWeapons: 2 },
};
const sword = catalogueWeapon('longSword', { magic: 1 });
const bow = catalogueWeapon('longBow');

export interface ExchangeBench {
  readonly name: string;
  run(n: number): number;
}

export function exchangeBenches(): readonly ExchangeBench[] {
  const fDice = new SeededDice(20260101);
  const sDice = new SeededDice(42);
  const mDice = new SeededDice(42);
  const bDice = new SeededDice(43);
  return [
    {
      name: 'Fantasia attack',
      run(n) {
        let sink = 0;
        for (let i = 0; i < n; i++) sink += resolveExchange(FANTASIA_INPUTS[i % 5]!, fDice).defender.pv.value;
        return sink;
      },
    },
    {
      name: 'Souffle exchange',
      run(n) {
        let sink = 0;
        for (let i = 0; i < n; i++) {
          const attack = souffleAttack(
            { kind: 'melee', characteristic: { id: 'vigueur', value: 3 }, metier: 4, weapons: [epee, epee] },
            sDice,
            DEFAULT_OPTIONS,
          );
          const defence = souffleDefence(
            attack,
            { defense: 5, metier: 3 },
            { mode: 'parade', states: [], posture: 'prudent' },
            sDice,
          );
          sink += applyDamage(SOUFFLE_TARGET, defence.taken).fighter.pv.value;
        }
        return sink;
      },
    },
    {
      name: 'Greyhawk melee',
      run(n) {
        let sink = 0;
        for (let i = 0; i < n; i++) {
          const ctx = {
            attacker: ghAttacker,
            weapon: sword,
            target: { ac: 2, size: 'M' as const, position: 'kneeling' as const },
            calledShot: 1 as const,
            secondHand: 'twoWeapons' as const,
          };
          if (ghAttack(ctx, mDice).outcome === 'hit') sink += ghDamage(ctx, mDice).total;
        }
        return sink;
      },
    },
    {
      name: 'Greyhawk missile',
      run(n) {
        let sink = 0;
        for (let i = 0; i < n; i++) {
          const r = ghAttack(
            { attacker: ghAttacker, weapon: bow, target: { ac: 5, size: 'L' as const }, distance: 100 },
            bDice,
          );
          if (r.outcome === 'hit') sink++;
        }
        return sink;
      },
    },
  ];
}
