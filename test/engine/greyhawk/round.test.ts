import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import {
  declare,
  GM,
  nextRound,
  nextSlot,
  setReadiness,
  startPasses,
  startRound,
} from '../../../src/engine/round';
import {
  effectiveSpeed,
  greyhawkRoundRules as rules,
  toGreyhawkRoundCombatant,
  type GreyhawkDeclaration,
  type GreyhawkRoundCombatant,
  type GreyhawkRoundState,
} from '../../../src/engine/greyhawk';
import { d10, fighter, w } from './fixtures';

const key = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof RulesError) return e.key;
    throw e;
  }
  return 'no error';
};

const gord = toGreyhawkRoundCombatant(fighter({ id: 'gord' }), w('longSword')); // speed 5, 1/1
const orc = toGreyhawkRoundCombatant(
  fighter({ id: 'orc', name: 'Orc', monster: { hitDice: 1 }, classes: [] }),
  w('dagger'),
  { side: 'npc' },
); // speed 2

function run(
  combatants: GreyhawkRoundCombatant[],
  rolls: number[],
  declarations: Record<string, GreyhawkDeclaration>,
  previous?: GreyhawkRoundState,
): GreyhawkRoundState {
  const dice = new ScriptedDice(rolls.map(d10));
  let s = previous
    ? nextRound(rules, previous, dice, { by: GM, force: true })
    : startRound(rules, combatants, dice);
  for (const [id, d] of Object.entries(declarations)) s = declare(rules, s, id, d, GM);
  return startPasses(rules, s, { by: GM });
}

const order = (s: GreyhawkRoundState, pass: number) =>
  s.slots.filter((x) => x.pass === pass).map((x) => `${x.combatantId}:${x.order}`);

describe('Greyhawk round', () => {
  it('initiative is 1d10 + weapon speed, lowest first', () => {
    const s = run([gord, orc], [4, 6], {
      gord: { action: 'attack', targetId: 'orc' },
      orc: { action: 'attack', targetId: 'gord' },
    });
    expect(order(s, 2)).toEqual(['orc:8', 'gord:9']);
    expect(s.order[0]?.reason).toBe('PDA.Greyhawk.Initiative.Sealed');
  });

  it('G-C1 a called shot adds +1 to initiative, doubly called +2', () => {
    const s = run([gord, orc], [4, 6], {
      gord: { action: 'attack', targetId: 'orc', calledShot: 2 },
      orc: { action: 'attack' },
    });
    expect(order(s, 2)).toEqual(['orc:8', 'gord:11']);
    expect(
      key(() =>
        declare(
          rules,
          startRound(rules, [gord, orc], new ScriptedDice([d10(1), d10(1)])),
          'gord',
          { action: 'move', calledShot: 1 },
          GM,
        ),
      ),
    ).toBe('PDA.Error.Greyhawk.CalledShotNeedsAttack');
  });

  it('G-PA4 a DMG parry is declared before the order is known and gives no attack', () => {
    const s = run([gord, orc], [4, 6], { gord: { action: 'parryDmg' }, orc: { action: 'attack' } });
    const slot = s.slots.find((x) => x.combatantId === 'gord');
    expect(slot).toMatchObject({ action: 'parryDmg', pass: 2 });
    expect(slot?.spends).toBeUndefined();
    expect(s.budgets.gord?.attacks?.max).toBe(0);
    expect(key(() => declare(rules, s, 'gord', { action: 'parryDmg' }, GM))).toBe(
      'PDA.Error.NotDeclarationStep',
    );
  });

  it('G-SH2 a rush must be declared with 3 m of run-up; a braced spear acts first, bracing otherwise −2', () => {
    const rusher = { ...gord, shield: 'medium' as const };
    const start = startRound(rules, [rusher, orc], new ScriptedDice([d10(1), d10(5)]));
    expect(
      key(() =>
        declare(rules, start, 'gord', { action: 'shieldRush', targetId: 'orc', rushDistance: 2 }, GM),
      ),
    ).toBe('PDA.Error.Greyhawk.RushTooClose');
    const braced = run([rusher, orc], [1, 5], {
      gord: { action: 'shieldRush', targetId: 'orc', rushDistance: 5 },
      orc: { action: 'brace' },
    });
    expect(order(braced, 2)).toEqual(['orc:3', 'gord:6']); // 5 − 2 bracing = 3 < 1 + 5
    const spear = { ...orc, braceWeapon: true, speed: 6 };
    const s = run([rusher, spear], [1, 9], {
      gord: { action: 'shieldRush', targetId: 'orc', rushDistance: 5 },
      orc: { action: 'brace' },
    });
    expect(order(s, 2)[0]).toBe('orc:5');
    expect(s.slots.filter((x) => x.combatantId === 'gord')).toHaveLength(1);
  });

  it('G-F1 the free shot comes before the first round, and the targeted side takes +2 initiative in round 1', () => {
    const archer = toGreyhawkRoundCombatant(fighter({ id: 'archer', name: 'Archer' }), w('longBow'), {
      freeShot: 'shooter',
    });
    const target = { ...gord, freeShot: 'target' as const };
    const s = run([archer, target], [5, 5], {
      archer: { action: 'missile', targetId: 'gord' },
      gord: { action: 'attack' },
    });
    expect(s.slots[0]).toMatchObject({ combatantId: 'archer', pass: 1, action: 'freeShot' });
    expect(order(s, 2)).toEqual(['gord:12', 'archer:13']);
    let done = s;
    while (done.slotIndex >= 0) done = nextSlot(rules, done, GM);
    const r2 = run(
      [],
      [5, 5],
      { archer: { action: 'missile', targetId: 'gord' }, gord: { action: 'attack' } },
      done,
    );
    expect(r2.slots.some((x) => x.action === 'freeShot')).toBe(false);
    expect(order(r2, 2)).toEqual(['gord:10', 'archer:13']);
  });

  it('G-S3 a bow specialist holding a target shoots before initiative, or at 0 to break a spell', () => {
    const spec = fighter({
      id: 'spec',
      name: 'Spec',
      mastery: { longBow: { rank: 'specialist', since: 1, firstSpecialised: 1 } },
    });
    const archer = toGreyhawkRoundCombatant(spec, w('longBow'));
    expect(archer.missileSpecialist).toBe(true);
    const s = run([archer, gord], [9, 1], {
      spec: { action: 'heldShot', targetId: 'gord' },
      gord: { action: 'attack' },
    });
    expect(s.slots[0]).toMatchObject({ combatantId: 'spec', pass: 1, action: 'heldShot' });
    const b = run([archer, gord], [9, 1], {
      spec: { action: 'heldShot', targetId: 'gord', breakSpell: true },
      gord: { action: 'attack' },
    });
    expect(order(b, 2)[0]).toBe('spec:0');
    const plain = startRound(rules, [gord, orc], new ScriptedDice([d10(1), d10(1)]));
    expect(key(() => declare(rules, plain, 'gord', { action: 'heldShot' }, GM))).toBe(
      'PDA.Error.Greyhawk.HeldShotSpecialistOnly',
    );
  });

  it("G-S2 a specialist's 3/2 attacks: one in round 1, two in round 2 (the second after everyone's first)", () => {
    const spec = toGreyhawkRoundCombatant(
      fighter({
        id: 'spec',
        name: 'Spec',
        mastery: { longSword: { rank: 'specialist', since: 1, firstSpecialised: 1 } },
      }),
      w('longSword'),
    );
    const r1 = run([spec, orc], [2, 3], { spec: { action: 'attack' }, orc: { action: 'attack' } });
    expect(r1.slots.filter((x) => x.combatantId === 'spec')).toHaveLength(1);
    let done = r1;
    while (done.slotIndex >= 0) done = nextSlot(rules, done, GM);
    const r2 = run([], [2, 3], { spec: { action: 'attack' }, orc: { action: 'attack' } }, done);
    expect(r2.slots.map((x) => `${x.combatantId}@${x.pass}`)).toEqual(['orc@2', 'spec@2', 'spec@3']);
    expect(r2.budgets.spec?.attacks?.max).toBe(2);
  });

  it('G-ST4 a second weapon adds one attack a round', () => {
    const pair = toGreyhawkRoundCombatant(fighter({ id: 'pair', name: 'Pair' }), w('longSword'), {
      offHand: w('dagger'),
    });
    const s = run([pair, orc], [2, 3], { pair: { action: 'attack' }, orc: { action: 'attack' } });
    expect(s.slots.filter((x) => x.combatantId === 'pair')).toHaveLength(2);
  });

  it("G-D2 a weapon knocked off line with no attack left loses the next round's initiative", () => {
    let s = run([gord, orc], [1, 9], { gord: { action: 'attack' }, orc: { action: 'attack' } });
    s = setReadiness(rules, s, 'gord', { fightRound: 1, losesInitiative: 'next' }, GM);
    while (s.slotIndex >= 0) s = nextSlot(rules, s, GM);
    const r2 = run([], [1, 9], { gord: { action: 'attack' }, orc: { action: 'attack' } }, s);
    expect(order(r2, 2).map((x) => x.split(':')[0])).toEqual(['orc', 'gord']);
    let r2done = r2;
    while (r2done.slotIndex >= 0) r2done = nextSlot(rules, r2done, GM);
    const r3 = run([], [1, 9], { gord: { action: 'attack' }, orc: { action: 'attack' } }, r2done);
    expect(order(r3, 2).map((x) => x.split(':')[0])).toEqual(['gord', 'orc']);
  });

  it("G-M2 a high master's melee speed is 1 less; G-ST2 two-handed specialists take 3 off", () => {
    const hm = fighter({ mastery: { longSword: { rank: 'highMaster', since: 15 } } });
    expect(effectiveSpeed(hm, w('longSword'))).toBe(4);
    const th = fighter({ styles: { twoHanded: 1 }, proficiencies: ['twoHandedSword'] });
    expect(effectiveSpeed(th, w('twoHandedSword'))).toBe(7);
    // PHB: the bastard sword in both hands has speed 8; the specialist takes 3 off.
    expect(effectiveSpeed(th, w('bastardSword'), true)).toBe(5);
  });
});
