import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import { declare, GM, nextRound, startPasses, startRound } from '../../../src/engine/round';
import {
  attackModifiers,
  greyhawkRoundRules as rules,
  missileStyleRate,
  toGreyhawkRoundCombatant,
  type GreyhawkDeclaration,
  type GreyhawkRoundCombatant,
  type GreyhawkRoundState,
} from '../../../src/engine/greyhawk';
import {
  defaultStyleAnswers,
  DEFAULT_STYLE_ANSWERS,
  styleAttackContext,
  styleUseFrom,
  targetStyleModifiers,
  validateStyle,
} from '../../../src/engine/greyhawk/style-use';
import { refusalRule } from '../../../src/engine/greyhawk/refusals';
import { d10, fighter, unarmoured, w } from './fixtures';

const key = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof RulesError) return e.key;
    throw e;
  }
  return 'no error';
};
const values = (mods: readonly { source: string; value: number }[]) =>
  mods.map((m) => `${m.source} ${m.value}`);

describe('Greyhawk style in use (documents + dialog answers)', () => {
  const gord = fighter({ dex: 16, proficiencies: ['longSword', 'shortSword', 'broadSword'] });
  const sword = w('longSword');
  const short = w('shortSword');

  it('G-ST4 two weapons: both strike by default, the shorter in the off hand, −1/−3 with DEX 16', () => {
    const facts = { otherWeapon: sword, shield: false, grip: 'one' as const };
    const answers = defaultStyleAnswers(gord, short, facts);
    expect(answers).toMatchObject({ hand: 'off', bothHands: true });
    const use = styleUseFrom(short, facts, answers, false);
    const mods = attackModifiers({
      attacker: gord,
      weapon: short,
      target: unarmoured,
      ...styleAttackContext(short, use, false),
    });
    expect(values(mods.filter((m) => m.source === 'G-ST4'))).toEqual(['G-ST4 -3']);
  });

  it('G-ST4 a pair of equal size is not ticked by default, and refused when ticked', () => {
    const facts = { otherWeapon: w('broadSword'), shield: false, grip: 'one' as const };
    expect(defaultStyleAnswers(gord, sword, facts).bothHands).toBe(false);
    const use = styleUseFrom(sword, facts, { ...DEFAULT_STYLE_ANSWERS, bothHands: true }, false);
    expect(key(() => validateStyle(gord, sword, use, false))).toBe('PDA.Error.Greyhawk.OffHandTooLong');
    expect(refusalRule('PDA.Error.Greyhawk.OffHandTooLong', 'G-D1')).toBe('G-ST4');
  });

  it('a shield or a two-handed weapon makes no pair', () => {
    const withShield = styleUseFrom(
      sword,
      { otherWeapon: short, shield: true, grip: 'one' },
      DEFAULT_STYLE_ANSWERS,
      false,
    );
    expect(withShield.otherWeapon).toBeUndefined();
    const big = w('twoHandedSword');
    const twoHanded = styleUseFrom(
      big,
      { otherWeapon: short, shield: false, grip: 'one' },
      { ...DEFAULT_STYLE_ANSWERS, bothHands: true },
      false,
    );
    expect(twoHanded.secondHand).toBeUndefined();
  });

  it('G-ST1/G-ST5 the target’s style as to-hit modifiers: free hand only with its slot, missile style only against missiles', () => {
    const target = fighter({ styles: { freeHand: 2, missile: 1 } });
    expect(values(targetStyleModifiers(target, { freeHand: true, missileStyle: true }, false))).toEqual([
      'G-ST1 -2',
    ]);
    expect(values(targetStyleModifiers(target, { freeHand: false, missileStyle: true }, true))).toEqual([
      'G-ST5 -1',
    ]);
    expect(targetStyleModifiers(fighter(), { freeHand: true, missileStyle: true }, true)).toEqual([]);
  });

  it('G-ST6 the mount’s speed as a fraction of its movement: 12 of 24 is −3', () => {
    const archer = fighter({ proficiencies: ['shortBow'] });
    const bow = w('shortBow');
    const use = styleUseFrom(
      bow,
      { shield: false, grip: 'one', mount: { name: 'Cheval', normal: 24 } },
      { ...DEFAULT_STYLE_ANSWERS, mountMoved: 12 },
      true,
    );
    const mods = attackModifiers({
      attacker: archer,
      weapon: bow,
      target: unarmoured,
      distance: 20,
      ...styleAttackContext(bow, use, true),
    });
    expect(values(mods.filter((m) => m.source === 'G-ST6'))).toEqual(['G-ST6 -3']);
  });
});

describe('Greyhawk round: grip, standing up, missile style', () => {
  const bastard = w('bastardSword');
  const gord = toGreyhawkRoundCombatant(
    fighter({ id: 'gord', styles: { freeHand: 0, twoHanded: 1 }, proficiencies: ['bastardSword'] }),
    bastard,
  );
  const mordo = toGreyhawkRoundCombatant(
    fighter({ id: 'mordo', name: 'Mordo', styles: { twoHanded: 1 }, proficiencies: ['bastardSword'] }),
    bastard,
    { prone: true },
  );
  function run(
    combatants: GreyhawkRoundCombatant[],
    declarations: Record<string, GreyhawkDeclaration>,
    previous?: GreyhawkRoundState,
  ) {
    const dice = new ScriptedDice([4, 4].map(d10));
    let s = previous
      ? nextRound(rules, previous, dice, { by: GM, force: true })
      : startRound(rules, combatants, dice);
    for (const [id, d] of Object.entries(declarations)) s = declare(rules, s, id, d, GM);
    return startPasses(rules, s, { by: GM });
  }

  it('G-ST2 the declared two-handed grip takes the specialist’s −3 speed', () => {
    const s = run([gord], { gord: { action: 'attack', grip: 'two' } });
    // PHB: a bastard sword in both hands is speed 8, less the specialist's 3.
    expect(s.slots.find((x) => x.pass === 2)?.order).toBe(4 + 8 - 3);
  });

  it('G-ST1 after round 1 only a fighter knowing both styles may change grip', () => {
    const first = run([gord, mordo], {
      gord: { action: 'attack' },
      mordo: { action: 'standUp', standUp: 'nextRound' },
    });
    const second = nextRound(rules, first, new ScriptedDice([4, 4].map(d10)), { by: GM, force: true });
    expect(key(() => declare(rules, second, 'mordo', { action: 'attack', grip: 'two' }, GM))).toBe(
      'PDA.Error.Greyhawk.Style.NoGripSwitch',
    );
    expect(key(() => declare(rules, second, 'gord', { action: 'attack', grip: 'two' }, GM))).toBe('no error');
  });

  it('G-P2 waiting keeps every attack for next round, after a stand-up slot at one’s turn', () => {
    const first = run([mordo], { mordo: { action: 'standUp', standUp: 'nextRound' } });
    expect(first.slots.map((x) => x.action)).toEqual(['standUp']);
    const second = run([], { mordo: { action: 'attack' } }, first);
    expect(second.slots.filter((x) => x.pass === 2).map((x) => x.action)).toEqual(['standUp', 'attack']);
  });

  it('G-ST5 shots per two rounds after a move: half without the specialisation, all with it on a half move', () => {
    expect(missileStyleRate(4, 'half', false)).toBe(2);
    expect(missileStyleRate(4, 'half', true)).toBe(4);
    expect(missileStyleRate(4, 'full', true)).toBe(2);
    expect(missileStyleRate(3, 'none', false)).toBe(3);
  });
});
