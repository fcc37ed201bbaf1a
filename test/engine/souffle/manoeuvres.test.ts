import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import {
  SOUFFLE_STATES,
  applyDamage,
  attackLevel,
  canKnockOut,
  canRollDefence,
  checkHoldBlow,
  defenceLevel,
  disarm,
  disarmTest,
  escapeHold,
  flee,
  grab,
  grapple,
  isSouffleState,
  knockOut,
  knockOutTest,
  pickUpWeapon,
  release,
  resolveAttack,
  resolveDefence,
  souffleOptions,
  spendAction,
  spendLuckAgainst,
  tickKnockOut,
  weapon,
  type SouffleFighter,
} from '../../../src/engine/souffle';

const foe: SouffleFighter = {
  id: 'foe',
  name: 'Brigand',
  geste: 2,
  vigueur: 2,
  acuite: 1,
  metiers: { brigand: 2 },
  disciplines: [],
  defense: 2,
  initiative: 1,
  souffle: { value: 5, max: 5 },
  pv: { value: 8, max: 8 },
  wounds: [],
  chance: 1,
  posture: 'intrepide',
  states: [],
};

const options = souffleOptions();

describe('manoeuvres', () => {
  it("S-MN1 a feint gives no +1 to the attack but −2 to the foe's defence; melee only", () => {
    const base = {
      kind: 'melee' as const,
      characteristic: { id: 'geste' as const, value: 2 },
      metier: 2,
      weapons: [weapon('epeeLongue')],
    };
    // Geste 2 + métier 2 + long sword 0 = level 4, feint or not.
    expect(attackLevel(base, options)).toBe(4);
    expect(attackLevel({ ...base, aim: 'feinte' }, options)).toBe(4);
    const level = defenceLevel(
      { kind: 'melee' },
      { mode: 'parade', states: [], feinted: true, posture: 'prudent' },
    );
    expect(level.level).toBe(-2);
    expect(() =>
      resolveAttack(
        {
          kind: 'ranged',
          characteristic: { id: 'acuite', value: 2 },
          metier: 2,
          weapons: [weapon('arcCourt')],
          aim: 'feinte',
        },
        new ScriptedDice([5]),
      ),
    ).toThrowError(expect.objectContaining({ key: 'PDA.Error.SouffleMeleeOnly' }));
  });

  it('S-MN2 disarm: geste + acuité test with the damage as malus; failure drops the weapon; 1 luck cancels', () => {
    const attack = { aim: 'desarmer' as const };
    // geste 2 + acuité 1 − 4 damage = level −1: 3d10 keep the worst → 2, below the threshold 6.
    const failed = disarmTest(attack, 4, foe, new ScriptedDice([9, 2, 7]), options);
    expect(failed.level).toBe(-1);
    expect(failed.disarmed).toBe(true);
    const disarmed = disarm(foe);
    expect(disarmed.states).toContain('desarme');
    const lucky = spendLuckAgainst(disarmed, 'desarme');
    expect(lucky.states).not.toContain('desarme');
    expect(lucky.chance).toBe(0);
    expect(() => spendLuckAgainst(disarm(lucky), 'desarme')).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleNoLuck' }),
    );
    // No damage: level 3 (1d8/1d10 keep best) → 8 ≥ 6, the weapon stays.
    expect(
      disarmTest(
        attack,
        0,
        foe,
        new ScriptedDice([
          { faces: 8, value: 3 },
          { faces: 10, value: 8 },
        ]),
        options,
      ).disarmed,
    ).toBe(false);
    expect(() => disarmTest({ aim: 'viser' }, 1, foe, new ScriptedDice([1]))).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleNeedsAim' }),
    );
  });

  it('S-MN2 picking the weapon up is a short action that provokes an opportunity attack', () => {
    const picked = pickUpWeapon(disarm(foe));
    expect(picked.fighter.states).not.toContain('desarme');
    expect(picked.provokesOpportunity).toBe(true);
    expect(spendAction({ posture: 'prudent', spent: 0 }, 'ramasser').spent).toBe(1);
    expect(() => pickUpWeapon(foe)).toThrow(RulesError);
  });

  it('S-MN3 knock out needs defence "désavantageux" or worse, attack "avantageux" or better, blunt or bare hands', () => {
    expect(canKnockOut(1, -1, [])).toBe(true);
    expect(canKnockOut(1, 'none', [weapon('masse')])).toBe(true);
    expect(canKnockOut(0, -1, [])).toBe(false);
    expect(canKnockOut(3, 0, [])).toBe(false);
    expect(canKnockOut(3, -2, [weapon('epeeLongue')])).toBe(false);
    const attack = { aim: 'assommer' as const, level: 4, weapons: [weapon('masse')] };
    expect(() => knockOutTest({ ...attack, level: 0 }, -2, 3, foe, new ScriptedDice([1]))).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleKnockOutConditions' }),
    );
  });

  it('S-MN3 failed vigueur + geste + acuité test (malus = damage): out for that many rounds; 1 luck cancels', () => {
    const attack = { aim: 'assommer' as const, level: 4, weapons: [weapon('gourdin')] };
    // 2 + 2 + 1 − 6 = level −1 → 3d10 keep the worst → 1.
    const test = knockOutTest(attack, -2, 6, foe, new ScriptedDice([1, 5, 5]), options);
    expect(test.knockedOut).toBe(true);
    expect(test.rounds).toBe(6);
    const out = knockOut(foe, test.rounds);
    expect(out.states).toContain('assomme');
    expect(canRollDefence(out.states)).toBe(false);
    let waking = out;
    for (let i = 0; i < 5; i++) waking = tickKnockOut(waking);
    expect(waking.states).toContain('assomme');
    expect(tickKnockOut(waking).states).not.toContain('assomme');
    const lucky = spendLuckAgainst(out, 'assomme');
    expect(lucky.states).not.toContain('assomme');
    expect(lucky.assommeRounds).toBeUndefined();
  });
});

describe('grapple, flight and states', () => {
  it('S-GR1 a hold: a long action, opposed 1d4 + vigueur won by the attacker; needs a free hand and a sensible size', () => {
    expect(() => spendAction({ posture: 'prudent', spent: 0 }, 'lutte')).toThrow(RulesError);
    const attacker = { vigueur: 3, freeHand: true };
    const won = grapple(
      attacker,
      foe,
      new ScriptedDice([
        { faces: 4, value: 2 },
        { faces: 4, value: 2 },
      ]),
    );
    expect(won).toEqual({ grabbed: true, automatic: false, attackerScore: 5, targetScore: 4 });
    const tie = grapple({ vigueur: 2, freeHand: true }, foe, new ScriptedDice([3, 3]));
    expect(tie.grabbed).toBe(false);
    expect(() => grapple({ vigueur: 3, freeHand: false }, foe, new ScriptedDice([]))).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleGrappleHand' }),
    );
    expect(() =>
      grapple({ vigueur: 3, freeHand: true, size: 1 }, { ...foe, size: 4 }, new ScriptedDice([])),
    ).toThrowError(expect.objectContaining({ key: 'PDA.Error.SouffleGrappleSize' }));
  });

  it('S-GR1 automatic against épuisé, defenceless, surprised, vulnerable or knocked-out targets', () => {
    // The seed's five: épuisé, sans défense, pris au dépourvu, vulnérable, assommé.
    for (const state of ['epuise', 'sansDefense', 'prisAuDepourvu', 'vulnerable', 'assomme'] as const) {
      expect(
        grapple({ vigueur: 0, freeHand: true }, { ...foe, states: [state] }, new ScriptedDice([])),
      ).toEqual({
        grabbed: true,
        automatic: true,
      });
    }
    // Any other state still calls for the opposed roll (here lost: 0 + 1 against 2 + 1).
    for (const state of ['fatigue', 'desarme'] as const) {
      expect(
        grapple({ vigueur: 0, freeHand: true }, { ...foe, states: [state] }, new ScriptedDice([1, 1])),
      ).toEqual({ grabbed: false, automatic: false, attackerScore: 1, targetScore: 3 });
    }
  });

  it('S-GR1 a grabbed target cannot move, has no defence roll and escapes with a long action by beating the holder', () => {
    const held = grab(foe);
    expect(canRollDefence(held.states)).toBe(false);
    expect(() => flee(held, 'libre', 0, 0, new ScriptedDice([]))).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleHindered' }),
    );
    expect(escapeHold(held, { vigueur: 3 }, new ScriptedDice([4, 2])).escaped).toBe(true);
    expect(escapeHold(held, { vigueur: 3 }, new ScriptedDice([3, 2])).escaped).toBe(false);
    expect(release(held).states).toEqual([]);
    expect(() => escapeHold(foe, { vigueur: 3 }, new ScriptedDice([]))).toThrow(RulesError);
    expect(() => grapple({ vigueur: 3, freeHand: true }, held, new ScriptedDice([]))).toThrow(RulesError);
  });

  it("S-GR1 the holder's blows: bare hands or a light weapon, ignoring armour, with no defence roll", () => {
    expect(() => checkHoldBlow([weapon('dague')])).not.toThrow();
    expect(() => checkHoldBlow([weapon('mainsNues')])).not.toThrow();
    expect(() => checkHoldBlow([weapon('epeeLongue')])).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleHoldWeapon' }),
    );
    const blow = resolveDefence(
      { kind: 'melee', potential: 7 },
      { defense: 2, metier: 2 },
      { mode: 'parade', states: grab(foe).states, ignoreArmour: true, noDefenceRoll: true },
      new ScriptedDice([]),
    );
    expect(blow.roll).toBeUndefined();
    expect(blow.taken).toBe(4);
  });

  it('S-FL1 fleeing: free when not hemmed in; flanked or cornered, a defence against a threshold or attack/slowed', () => {
    expect(flee(foe, 'libre', 0, 10, new ScriptedDice([]))).toEqual({ fled: true, consequences: [] });
    const ok = flee(foe, 'tenaille', 1, 8, new ScriptedDice([{ faces: 10, value: 6 }]));
    expect(ok.score).toBe(8);
    expect(ok.fled).toBe(true);
    const ko = flee(foe, 'coince', 1, 9, new ScriptedDice([{ faces: 10, value: 6 }]));
    expect(ko.fled).toBe(false);
    expect(ko.consequences).toEqual(['attaque', 'freine']);
  });

  it('S-ST1 the states the rules use, and which of them deny the defence roll', () => {
    expect([...SOUFFLE_STATES].sort()).toEqual(
      [
        'agrippe',
        'assomme',
        'desarme',
        'epuise',
        'fatigue',
        'prisAuDepourvu',
        'sansDefense',
        'vulnerable',
      ].sort(),
    );
    // No defence roll: sans défense, pris au dépourvu, vulnérable (S-DF1), agrippé (S-GR1), assommé (S-MN3).
    for (const state of ['sansDefense', 'prisAuDepourvu', 'vulnerable', 'agrippe', 'assomme'] as const) {
      expect(canRollDefence([state])).toBe(false);
    }
    expect(canRollDefence(['fatigue', 'desarme', 'epuise'])).toBe(true);
    expect(isSouffleState('fatigue')).toBe(true);
    expect(isSouffleState('mort')).toBe(false);
  });

  it('S-ST1 fatigué and épuisé come from damage: souffle emptied, then PV lost', () => {
    const first = applyDamage(foe, 3, options);
    expect(first.fighter.states).toEqual([]);
    const second = applyDamage(first.fighter, 4, options);
    expect(second.fighter.states).toEqual(['epuise', 'fatigue']);
    expect(second.fighter.pv.value).toBe(6);
    const third = applyDamage(second.fighter, 10, options);
    expect(third.toSouffle).toBe(0);
    expect(third.toPv).toBe(6);
    expect(third.down).toBe(true);
    expect(third.fighter.wounds).toEqual([2, 6]);
    const noSpill = applyDamage(foe, 9, souffleOptions({ spillToPv: false }));
    expect(noSpill.toPv).toBe(0);
    expect(noSpill.fighter.souffle.value).toBe(0);
    expect(() => applyDamage(foe, -1, options)).toThrow(RulesError);
  });
});
