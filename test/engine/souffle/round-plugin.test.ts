import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import {
  GM,
  declare,
  endSlot,
  nextRound,
  nextSlot,
  startPasses,
  startRound,
} from '../../../src/engine/round';
import {
  changePostureAtTurnEnd,
  souffleRound,
  type SouffleRoundCombatant,
} from '../../../src/engine/souffle';

const fighters: SouffleRoundCombatant[] = [
  { id: 'a', name: 'Aïna', side: 'pc', initiative: 1, guerrier: false },
  { id: 'g', name: 'Gardien', side: 'pc', initiative: 0, guerrier: true },
  { id: 'b', name: 'Brigand', side: 'npc', initiative: 2, guerrier: false },
];

function opening() {
  // a: 1d10 → 8; g: 2d10 keep the worse → 3; b: 1d12 → 5.
  const dice = new ScriptedDice([{ faces: 10, value: 8 }, 3, 9, { faces: 12, value: 5 }]);
  return startRound(souffleRound, fighters, dice);
}

describe('Souffle round plug-in', () => {
  it('S-R3 initiative once per fight, Guerrier first, then by total; kept in the next rounds', () => {
    const state = opening();
    expect(state.order.map((e) => [e.combatantId, e.score])).toEqual([
      ['g', 3],
      ['a', 8],
      ['b', 5],
    ]);
    expect(state.step).toBe('posture');
    // Round 2 rolls nothing (no dice scripted) and keeps the same order and totals.
    let s = state;
    for (const id of ['g', 'a', 'b']) s = declare(souffleRound, s, id, { posture: 'prudent' }, GM);
    s = startPasses(souffleRound, s, { by: GM });
    while (s.slotIndex >= 0) s = nextSlot(souffleRound, s, GM);
    const r2 = nextRound(souffleRound, s, new ScriptedDice([]), { by: GM });
    expect(r2.round).toBe(2);
    expect(r2.order.map((e) => [e.combatantId, e.score])).toEqual([
      ['g', 3],
      ['a', 8],
      ['b', 5],
    ]);
  });

  it('S-R1 posture step then action step; slots follow initiative and the posture budgets', () => {
    let state = opening();
    state = declare(souffleRound, state, 'g', { posture: 'intrepide', actions: ['viser', 'attaque'] }, GM);
    state = declare(souffleRound, state, 'a', { posture: 'prudent' }, GM);
    state = declare(souffleRound, state, 'b', { posture: 'defensif' }, GM);
    expect(state.budgets.g?.actions).toEqual({ max: 2, used: 0 });
    expect(state.budgets.b?.actions).toEqual({ max: 0, used: 0 });
    state = startPasses(souffleRound, state, { by: GM });
    expect(state.step).toBe('actions');
    expect(state.slots.map((s) => [s.combatantId, s.action])).toEqual([
      ['g', 'viser'],
      ['g', 'attaque'],
      ['a', 'action'],
      ['b', 'defense'],
    ]);
  });

  it('S-R2 a long action takes both short actions; a prudent fighter cannot declare one', () => {
    let state = opening();
    expect(() =>
      declare(souffleRound, state, 'a', { posture: 'prudent', actions: ['lutte'] }, GM),
    ).toThrowError(expect.objectContaining({ key: 'PDA.Error.SouffleNoActionLeft' }));
    state = declare(souffleRound, state, 'a', { posture: 'intrepide', actions: ['lutte'] }, GM);
    state = startPasses(souffleRound, state, { by: GM, force: true });
    const mine = state.slots.filter((s) => s.combatantId === 'a');
    expect(mine.map((s) => s.detail?.part)).toEqual([1, 2]);
  });

  it('S-P2 an intrépide fighter cannot plan three actions', () => {
    const state = opening();
    expect(() =>
      declare(
        souffleRound,
        state,
        'a',
        { posture: 'intrepide', actions: ['attaque', 'attaque', 'attaque'] },
        GM,
      ),
    ).toThrowError(expect.objectContaining({ key: 'PDA.Error.SouffleNoActionLeft' }));
  });

  it("S-P1 the posture changes only at the end of one's own turn and lasts into the next round", () => {
    const player = { gm: false as const, owns: ['a'] };
    let state = opening();
    state = declare(souffleRound, state, 'g', { posture: 'prudent' }, GM);
    state = declare(souffleRound, state, 'a', { posture: 'intrepide' }, player);
    state = declare(souffleRound, state, 'b', { posture: 'prudent' }, GM);
    state = startPasses(souffleRound, state, { by: GM });
    const decl = state.declarations.a!;
    // Not Aïna's turn yet (the Gardien acts first): refused.
    expect(() =>
      declare(souffleRound, state, 'a', changePostureAtTurnEnd(decl, 'defensif'), player),
    ).toThrowError(expect.objectContaining({ key: 'PDA.Error.NotDeclarationStep' }));
    state = nextSlot(souffleRound, state, GM); // Gardien done; Aïna's first action.
    expect(() =>
      declare(souffleRound, state, 'a', changePostureAtTurnEnd(decl, 'defensif'), player),
    ).toThrowError(expect.objectContaining({ key: 'PDA.Error.NotDeclarationStep' }));
    state = endSlot(souffleRound, state, state.slots[state.slotIndex]!.id, player); // her last action.
    // A change that tries to alter this round's budget is refused.
    expect(() => declare(souffleRound, state, 'a', { posture: 'defensif' }, player)).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SoufflePostureChangeTiming' }),
    );
    state = declare(souffleRound, state, 'a', changePostureAtTurnEnd(decl, 'defensif'), player);
    expect(state.budgets.a?.actions?.max).toBe(2);
    state = endSlot(souffleRound, state, state.slots[state.slotIndex]!.id, player);
    state = nextSlot(souffleRound, state, GM);
    state = nextRound(souffleRound, state, new ScriptedDice([]), { by: GM });
    expect(state.round).toBe(2);
    expect(state.declarations.a).toEqual({ posture: 'defensif' });
    expect(state.budgets.a?.actions?.max).toBe(0);
    // In the posture step of round 2 a player may not switch posture (only the GM may correct it).
    expect(() => declare(souffleRound, state, 'a', { posture: 'intrepide' }, player)).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SoufflePostureChangeTiming' }),
    );
    expect(declare(souffleRound, state, 'a', { posture: 'intrepide' }, GM).declarations.a?.posture).toBe(
      'intrepide',
    );
  });

  it("S-P1 a posture change at the end of one's own turn keeps the actions already spent", () => {
    const player = { gm: false as const, owns: ['a'] };
    let state = opening();
    state = declare(souffleRound, state, 'g', { posture: 'prudent' }, GM);
    state = declare(souffleRound, state, 'a', { posture: 'intrepide' }, player);
    state = declare(souffleRound, state, 'b', { posture: 'prudent' }, GM);
    state = startPasses(souffleRound, state, { by: GM });
    state = nextSlot(souffleRound, state, GM); // Gardien done; Aïna's first action.
    state = endSlot(souffleRound, state, state.slots[state.slotIndex]!.id, player);
    expect(state.budgets.a?.actions).toEqual({ max: 2, used: 1 });
    state = declare(
      souffleRound,
      state,
      'a',
      changePostureAtTurnEnd(state.declarations.a!, 'defensif'),
      player,
    );
    expect(state.budgets.a?.actions).toEqual({ max: 2, used: 1 });
    state = endSlot(souffleRound, state, state.slots[state.slotIndex]!.id, player);
    expect(state.budgets.a?.actions).toEqual({ max: 2, used: 2 });
  });

  it('S-P4 a défensif fighter gets one turn for defence and movement, spending nothing', () => {
    let state = opening();
    for (const id of ['a', 'g', 'b']) state = declare(souffleRound, state, id, { posture: 'defensif' }, GM);
    state = startPasses(souffleRound, state, { by: GM });
    expect(state.slots.every((s) => s.action === 'defense' && s.spends === undefined)).toBe(true);
  });
});
