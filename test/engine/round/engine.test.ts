import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ScriptedDice, SeededDice } from '../../../src/engine/dice';
import { isRulesError } from '../../../src/engine/core/errors';
import {
  amendDeclaration,
  currentSlot,
  declare,
  dropCombatant,
  endCombat,
  endSlot,
  GM,
  isRoundComplete,
  nextDeclarant,
  nextPass,
  nextRound,
  nextSlot,
  previousSlot,
  restoreCombatant,
  setReadiness,
  skipSlot,
  startPasses,
  startRound,
  type Requester,
  type RoundCombatant,
  type RoundRules,
} from '../../../src/engine/round';
import {
  fantasiaRound,
  INTENT_KINDS,
  type FantasiaDeclaration,
  type FantasiaIntent,
  type FantasiaRoundState,
} from '../../../src/engine/fantasia/round';
import { bow, crossbow, fighter, sword } from './fixtures';

const noDice = (): ScriptedDice => new ScriptedDice([]);

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isRulesError(error)) return error.key;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Three fighters mid-round: archer (pass 1), swordsman (pass 2), drawer (pass 3). */
function midRound(): FantasiaRoundState {
  let s = startRound(
    fantasiaRound,
    [
      fighter('archer', 'pc', 15, [bow()]),
      fighter('orc', 'npc', 12, [sword()]),
      fighter('sam', 'pc', 10, [sword({ id: 'sword', ready: false })]),
    ],
    noDice(),
  );
  s = declare(
    fantasiaRound,
    s,
    'archer',
    { intents: [{ kind: 'shoot', weaponId: 'bow', targetId: 'orc' }] },
    GM,
  );
  s = declare(
    fantasiaRound,
    s,
    'orc',
    { intents: [{ kind: 'melee', weaponId: 'sword', targetId: 'sam' }] },
    GM,
  );
  s = declare(fantasiaRound, s, 'sam', { intents: [{ kind: 'draw', weaponId: 'sword' }] }, GM);
  return startPasses(fantasiaRound, s, { by: GM });
}

const player: Requester = { gm: false, owns: ['archer'] };

describe('round engine transitions', () => {
  it('F-R1 a round opens with initiative then declarations, and the passes follow in order', () => {
    const s = midRound();
    expect(s.round).toBe(1);
    expect(s.step).toBe('pass1');
    expect(currentSlot(s)?.combatantId).toBe('archer');
    const s2 = nextSlot(fantasiaRound, s, GM);
    expect([s2.step, currentSlot(s2)?.combatantId]).toEqual(['pass2', 'orc']);
    const s3 = nextSlot(fantasiaRound, s2, GM);
    expect([s3.step, currentSlot(s3)?.combatantId]).toEqual(['pass3', 'sam']);
    const s4 = nextSlot(fantasiaRound, s3, GM);
    expect(s4.slotIndex).toBe(-1);
    expect(isRoundComplete(fantasiaRound, s4)).toBe(true);
    // The old states are untouched (immutability).
    expect(s.slots.map((x) => x.status)).toEqual(['current', 'waiting', 'waiting']);
  });

  it('F-R1 the next round waits until everyone has acted, unless the GM forces it', () => {
    const s = midRound();
    expect(refusal(() => nextRound(fantasiaRound, s, noDice(), { by: GM }))).toBe(
      'PDA.Error.RoundNotFinished',
    );
    expect(refusal(() => nextRound(fantasiaRound, s, noDice(), { by: player, force: true }))).toBe(
      'PDA.Error.NotGM',
    );
    const forced = nextRound(fantasiaRound, s, noDice(), { by: GM, force: true });
    expect(forced.round).toBe(2);
    // Sam never drew: the sword is still sheathed.
    expect(forced.readiness.sam?.weapons.sword?.ready).toBe(false);
  });

  it('F-R1 no new round when fewer than two can still fight', () => {
    let s = midRound();
    s = dropCombatant(fantasiaRound, s, 'orc', GM);
    s = dropCombatant(fantasiaRound, s, 'sam', GM);
    while (s.slotIndex >= 0) s = nextSlot(fantasiaRound, s, GM);
    expect(refusal(() => nextRound(fantasiaRound, s, noDice(), { by: GM }))).toBe('PDA.Error.FightOver');
  });

  it('F-R6 the owner ends their own current slot; others and stale clicks are refused', () => {
    const s = midRound();
    const slot = currentSlot(s);
    expect(slot?.combatantId).toBe('archer');
    const id = slot?.id ?? '';
    expect(refusal(() => endSlot(fantasiaRound, s, id, { gm: false, owns: ['sam'] }))).toBe(
      'PDA.Error.NotOwner',
    );
    expect(refusal(() => endSlot(fantasiaRound, s, 'stale', player))).toBe('PDA.Error.NotCurrentSlot');
    const s2 = endSlot(fantasiaRound, s, id, player);
    expect(s2.slots[0]?.status).toBe('done');
    expect(refusal(() => nextSlot(fantasiaRound, s2, player))).toBe('PDA.Error.NotGM');
  });

  it('F-R9 the missile budget is spent when the shot is done and refunded by previousSlot', () => {
    const s = nextSlot(fantasiaRound, midRound(), GM);
    expect(s.budgets.archer?.missile).toEqual({ max: 1, used: 1 });
    const back = previousSlot(fantasiaRound, s, GM);
    expect(back.budgets.archer?.missile).toEqual({ max: 1, used: 0 });
    expect(back.step).toBe('pass1');
    expect(back.slots.map((x) => x.status)).toEqual(['current', 'waiting', 'waiting']);
    expect(refusal(() => previousSlot(fantasiaRound, back, GM))).toBe('PDA.Error.NothingToUndo');
  });

  it('F-R7 nextPass skips what is left of the pass', () => {
    const s = nextPass(fantasiaRound, midRound(), GM);
    expect(s.step).toBe('pass2');
    expect(s.slots.map((x) => x.status)).toEqual(['skipped', 'current', 'waiting']);
    const s2 = skipSlot(fantasiaRound, s, GM);
    expect(s2.slots.map((x) => x.status)).toEqual(['skipped', 'skipped', 'current']);
  });

  it('F-R1 an incapacitated combatant is removed from later slots and from the next rounds', () => {
    let s = midRound();
    s = dropCombatant(fantasiaRound, s, 'sam', GM);
    expect(s.slots.map((x) => x.combatantId)).toEqual(['archer', 'orc']);
    expect(currentSlot(s)?.combatantId).toBe('archer');
    // Dropping the current combatant skips their slot and moves on.
    s = dropCombatant(fantasiaRound, s, 'archer', GM);
    expect(s.slots.map((x) => x.status)).toEqual(['skipped', 'current']);
    s = nextSlot(fantasiaRound, s, GM);
    s = restoreCombatant(s, 'archer', GM);
    const r2 = nextRound(fantasiaRound, s, noDice(), { by: GM });
    expect(r2.out).toEqual(['sam']);
    expect(nextDeclarant(r2)?.id).toBe('archer');
    expect(refusal(() => declare(fantasiaRound, r2, 'sam', { intents: [{ kind: 'other' }] }, GM))).toBe(
      'PDA.Error.CombatantOut',
    );
  });

  it('F-R5 the GM amends a declaration mid-round: new slots go ahead, past passes are dropped, spent budget stays', () => {
    let s = nextSlot(fantasiaRound, midRound(), GM); // archer shot; the orc's melee is current
    expect(
      refusal(() => amendDeclaration(fantasiaRound, s, 'sam', { intents: [{ kind: 'move' }] }, player)),
    ).toBe('PDA.Error.NotGM');
    s = amendDeclaration(fantasiaRound, s, 'sam', { intents: [{ kind: 'move' }] }, GM);
    expect(s.slots.map((x) => `${x.pass}:${x.combatantId}:${x.action}:${x.status}`)).toEqual([
      '1:archer:shoot:done',
      '2:orc:melee:current',
      '2:sam:move:waiting',
    ]);
    s = amendDeclaration(
      fantasiaRound,
      s,
      'archer',
      { intents: [{ kind: 'shoot', weaponId: 'bow' }, { kind: 'move' }] },
      GM,
    );
    expect(s.slots.map((x) => `${x.pass}:${x.combatantId}:${x.action}:${x.status}`)).toEqual([
      '1:archer:shoot:done',
      '2:orc:melee:current',
      '2:archer:move:waiting',
      '2:sam:move:waiting',
    ]);
    expect(s.budgets.archer?.missile?.used).toBe(1);
    expect(new Set(s.slots.map((x) => x.id)).size).toBe(4);
    expect(currentSlot(s)?.combatantId).toBe('orc');
  });

  it('F-R5 a GM amendment replaces the not-yet-played slots and never duplicates them', () => {
    // Pass 2: the orc's melee is done; Sam's draw in pass 3 waits.
    let s = nextSlot(fantasiaRound, nextSlot(fantasiaRound, midRound(), GM), GM);
    expect(currentSlot(s)?.combatantId).toBe('sam');
    const same = amendDeclaration(fantasiaRound, s, 'orc', s.declarations.orc!, GM);
    expect(same.slots.map((x) => `${x.pass}:${x.combatantId}:${x.action}:${x.status}`)).toEqual([
      '1:archer:shoot:done',
      '2:orc:melee:done',
      '3:sam:draw:current',
    ]);
    // Sam's own current slot is not added again either; a new intent adds only itself.
    s = amendDeclaration(
      fantasiaRound,
      s,
      'sam',
      { intents: [{ kind: 'draw', weaponId: 'sword' }, { kind: 'other' }] },
      GM,
    );
    expect(s.slots.map((x) => `${x.pass}:${x.combatantId}:${x.action}:${x.status}`)).toEqual([
      '1:archer:shoot:done',
      '2:orc:melee:done',
      '3:sam:draw:current',
    ]);
    s = amendDeclaration(fantasiaRound, s, 'sam', s.declarations.sam!, GM);
    expect(s.slots.filter((x) => x.combatantId === 'sam')).toHaveLength(1);
  });

  it('F-R5 an amendment keeps every budget pool spent this round', () => {
    let s = nextSlot(fantasiaRound, midRound(), GM);
    s = { ...s, budgets: { ...s.budgets, archer: { ...s.budgets.archer, parried: { max: 1, used: 1 } } } };
    s = amendDeclaration(fantasiaRound, s, 'archer', s.declarations.archer!, GM);
    expect(s.budgets.archer?.missile?.used).toBe(1);
    expect(s.budgets.archer?.parried?.used).toBe(1);
    expect(s.slots.filter((x) => x.combatantId === 'archer')).toHaveLength(1);
  });

  it('F-R5 passes start only when everyone declared, unless the GM forces', () => {
    let s = startRound(fantasiaRound, [fighter('a', 'pc', 12, [sword()]), fighter('b', 'npc', 11)], noDice());
    s = declare(fantasiaRound, s, 'a', { intents: [{ kind: 'melee', weaponId: 'sword' }] }, GM);
    expect(refusal(() => startPasses(fantasiaRound, s, { by: GM }))).toBe('PDA.Error.DeclarationsMissing');
    expect(refusal(() => startPasses(fantasiaRound, s, { by: player, force: true }))).toBe('PDA.Error.NotGM');
    const forced = startPasses(fantasiaRound, s, { by: GM, force: true });
    expect(forced.declarations.b).toEqual({ intents: [{ kind: 'other' }] });
    expect(refusal(() => declare(fantasiaRound, forced, 'a', { intents: [{ kind: 'move' }] }, GM))).toBe(
      'PDA.Error.NotDeclarationStep',
    );
  });

  it('F-W5 the GM may set readiness (a jammed crossbow unloaded, say)', () => {
    const s = startRound(fantasiaRound, [fighter('x', 'pc', 12, [crossbow()])], noDice());
    const s2 = setReadiness(
      fantasiaRound,
      s,
      'x',
      { weapons: { crossbow: { ready: true, loaded: false } } },
      GM,
    );
    expect(
      refusal(() =>
        declare(fantasiaRound, s2, 'x', { intents: [{ kind: 'shoot', weaponId: 'crossbow' }] }, GM),
      ),
    ).toBe('PDA.Error.Round.NotLoaded');
    expect(refusal(() => setReadiness(fantasiaRound, s, 'x', { weapons: {} }, player))).toBe(
      'PDA.Error.NotGM',
    );
  });

  it('F-W5 setReadiness changes readiness only: what was spent this round stays spent', () => {
    const s = nextSlot(fantasiaRound, midRound(), GM); // the archer's shot is done
    expect(s.budgets.archer?.missile?.used).toBe(1);
    const s2 = setReadiness(
      fantasiaRound,
      s,
      'archer',
      { weapons: { bow: { ready: true, loaded: false } } },
      GM,
    );
    expect(s2.readiness.archer?.weapons.bow).toEqual({ ready: true, loaded: false });
    expect(s2.budgets).toBe(s.budgets);
    expect(s2.budgets.archer?.missile?.used).toBe(1);
  });

  it('F-R1 ending the combat clears every round datum and refuses further transitions', () => {
    const ended = endCombat(midRound(), GM);
    expect(ended).toMatchObject({
      ended: true,
      step: 'ended',
      slots: [],
      declarations: {},
      readiness: {},
      slotIndex: -1,
    });
    expect(refusal(() => nextSlot(fantasiaRound, ended, GM))).toBe('PDA.Error.CombatEnded');
    expect(refusal(() => endCombat(midRound(), player))).toBe('PDA.Error.NotGM');
  });
});

/** A toy plug-in shaped like Souffle: initiative once a fight, posture kept, one pass. */
interface Toy extends RoundCombatant {
  readonly init: number;
}
type Posture = 'intrepide' | 'prudent' | 'defensif';
const toyRules: RoundRules<Toy, Posture, null> = {
  id: 'toy',
  steps: [
    { id: 'initiative', kind: 'initiative', label: 'x' },
    { id: 'posture', kind: 'declare', label: 'x' },
    { id: 'actions', kind: 'resolve', pass: 1, label: 'x' },
  ],
  initiativeEvery: 'fight',
  declarationOrder: 'free',
  orderInitiative: (cs, dice) =>
    cs
      .map((c) => ({ combatantId: c.id, score: c.init + dice.die(6), tieBreak: [] }))
      .sort((a, b) => b.score - a.score),
  initialReadiness: () => null,
  validateDeclaration: () => undefined,
  defaultDeclaration: () => 'prudent',
  buildSchedule: ({ state, declarations }) =>
    state.order.flatMap((e) => {
      const n =
        declarations[e.combatantId] === 'intrepide' ? 2 : declarations[e.combatantId] === 'prudent' ? 1 : 0;
      return Array.from({ length: n }, () => ({
        combatantId: e.combatantId,
        pass: 1,
        action: 'action',
        order: e.score,
        label: 'x',
        spends: 'actions',
      }));
    }),
  budgets: (_c, d) => ({ actions: { max: d === 'intrepide' ? 2 : d === 'prudent' ? 1 : 0, used: 0 } }),
  carryOver: ({ readiness }) => readiness,
  carryDeclaration: (d) => d,
};

describe('round engine with another ruleset', () => {
  it('S-R3 a plug-in may keep initiative for the whole fight and carry declarations (S-P1 posture)', () => {
    const dice = new ScriptedDice([1, 6]);
    let s = startRound(
      toyRules,
      [
        { id: 'a', name: 'A', side: 'pc', init: 5 },
        { id: 'b', name: 'B', side: 'npc', init: 3 },
      ],
      dice,
    );
    expect(s.order.map((e) => e.combatantId)).toEqual(['b', 'a']);
    s = declare(toyRules, s, 'a', 'intrepide', { gm: false, owns: ['a'] });
    s = startPasses(toyRules, s, { by: GM, force: true });
    expect(s.slots.map((x) => x.combatantId)).toEqual(['b', 'a', 'a']);
    while (s.slotIndex >= 0) s = nextSlot(toyRules, s, GM);
    expect(s.budgets.a?.actions).toEqual({ max: 2, used: 2 });
    const r2 = nextRound(toyRules, s, noDice(), { by: GM });
    expect(r2.order.map((e) => e.combatantId)).toEqual(['b', 'a']);
    expect(r2.declarations).toEqual({ a: 'intrepide', b: 'prudent' });
  });
});

describe('schedule properties', () => {
  const intent = fc.record({
    kind: fc.constantFrom(...INTENT_KINDS),
    weaponId: fc.constantFrom(undefined, 'sword', 'bow', 'crossbow'),
    hold: fc.boolean(),
  });

  it('F-R6 F-R7 F-R8 any accepted declarations give passes in order, each sorted by its initiative number', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 3, max: 18 }), fc.array(intent, { minLength: 1, maxLength: 3 })),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        fc.integer(),
        (specs, seed) => {
          const combatants = specs.map(([dex], i) =>
            fighter(
              `c${i}`,
              i % 2 ? 'npc' : 'pc',
              dex,
              [sword(), bow({ id: 'bow', loaded: i % 3 !== 0 }), crossbow()],
              {
                int: 20 - dex,
              },
            ),
          );
          let s = startRound(fantasiaRound, combatants, new SeededDice(seed));
          specs.forEach(([, intents], i) => {
            const d: FantasiaDeclaration = { intents: intents as FantasiaIntent[] };
            try {
              s = declare(fantasiaRound, s, `c${i}`, d, GM);
            } catch (error) {
              if (!isRulesError(error)) throw error;
            }
          });
          s = startPasses(fantasiaRound, s, { by: GM, force: true });
          const slots = s.slots;
          for (let i = 1; i < slots.length; i++) {
            const a = slots[i - 1];
            const b = slots[i];
            if (!a || !b) continue;
            expect(a.pass <= b.pass).toBe(true);
            if (a.pass === b.pass) expect(a.order >= b.order).toBe(true);
          }
          for (const slot of slots) {
            if (slot.pass === 1) expect(['shoot', 'throw']).toContain(slot.action);
            if (slot.action === 'draw') expect(slot.pass).toBe(3);
            if (slot.action === 'cast') expect(slot.order).toBe(s.combatants[slot.combatantId]?.int);
          }
          // F-R9: at most one missile use per combatant.
          const missiles = slots.filter((x) => x.spends === 'missile').map((x) => x.combatantId);
          expect(new Set(missiles).size).toBe(missiles.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});
