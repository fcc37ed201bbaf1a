/* eslint-disable @typescript-eslint/no-explicit-any -- fuzzing models through the fake documents */
/**
 * The round models (Combat, Combatant) and the card model (ChatMessage `carte`), fuzzed: stored
 * data the model accepts never makes the round reader, the tracker view or the card snapshot
 * throw, and the round never names a combatant that is not in the combat (no prototype key
 * such as `constructor` taken for a combatant).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardData } from '../../src/foundry/chat/card-model';
import { snapshotOf } from '../../src/foundry/chat/card';
import { registerRoundAdapter } from '../../src/foundry/combat/adapter';
import { fantasiaRoundAdapter } from '../../src/foundry/rulesets/fantasia/round/adapter';
import { CombatRoundModel, CombatantRoundModel } from '../../src/foundry/combat/models';
import { readRoundState } from '../../src/foundry/combat/store';
import { runRoundCommand } from '../../src/foundry/combat/service';
import { GM } from '../../src/engine/round/types';
import type { DieRoller } from '../../src/foundry/dice/roll-dice';
import { trackerViewOf } from '../../src/foundry/combat/tracker';
import { FakeRoundCombat, FakeRoundCombatant } from '../foundry/combat/fakes';
import { firstNonFinite, schemaSource } from './arbitraries';

const RUNS = 400;

/** Tie-breaks are never needed here (distinct DEX); any die asked is a 1. */
const noDice: DieRoller = async () => ({ value: 1, roll: null });

function accepted<T>(Model: any, source: unknown): T | undefined {
  try {
    return new Model(source).toObject() as T;
  } catch (error) {
    expect((error as Error).message).toMatch(/validation errors/);
    return undefined;
  }
}

/** Round data as a player could leave it: ids of the combat, prototype keys, strangers. */
const combatantIdish = fc.constantFrom('a', 'b', 'constructor', '__proto__', 'toString', 'zz');
const slotArb = fc.record(
  {
    id: fc.constantFrom('1.0', '1.1', 'x'),
    combatantId: combatantIdish,
    pass: fc.oneof(fc.integer({ min: -1, max: 4 }), fc.constant(null)),
    status: fc.constantFrom('waiting', 'current', 'done', 'constructor'),
    action: fc.constantFrom('melee', 'move', 'constructor'),
  },
  { requiredKeys: [] },
);
const orderArb = fc.record(
  {
    combatantId: combatantIdish,
    dex: fc.oneof(fc.integer({ min: -5, max: 30 }), fc.constant(Number.NaN)),
    tieBreak: fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);
const jsonText = fc.oneof(
  fc.constant(''),
  fc.constant('{'),
  fc.constant('null'),
  fc.constant('"constructor"'),
  fc.constant('{"intents":"x"}'),
  fc.constant('{"intents":[{"kind":"melee","targetId":"constructor"}]}'),
  fc.constant('{"weapons":"x","loaded":7}'),
  fc.constant('{"weapons":{"arbalete":null}}'),
  fc.constant('{"actions":{"max":"9","used":null}}'),
  fc.constant('{"actions":{"max":1e400,"used":0}}'),
  fc.json({ maxDepth: 2 }),
);

describe('round and card models under fuzzing', () => {
  it(`Combat round data: the reader never throws nor invents combatants (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(
        schemaSource((CombatRoundModel as any).schema.fields),
        fc.array(slotArb, { maxLength: 3 }),
        fc.array(orderArb, { maxLength: 3 }),
        fc.array(combatantIdish, { maxLength: 3 }),
        (combatSource, slots, order, out) => {
          const system = accepted<any>(CombatRoundModel, { ...combatSource, slots, order, out });
          if (!system) return;
          const combat = new FakeRoundCombat([
            new FakeRoundCombatant({ id: 'a', name: 'A', kind: 'aventurier', dex: 12 }),
            new FakeRoundCombatant({ id: 'b', name: 'B', kind: 'pnj', dex: 11 }),
          ]);
          combat.round = 1;
          combat.system = { ...combat.system, ...system, rules: 'fantasia' };
          const state = readRoundState(fantasiaRoundAdapter as never, combat as never);
          if (!state) return;
          const known = new Set(['a', 'b']);
          for (const e of state.order) expect(known.has(e.combatantId)).toBe(true);
          for (const id of state.out) expect(known.has(id)).toBe(true);
          for (const id of Object.keys(state.combatants)) expect(known.has(id)).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`Combatant data a player may write: the round and the tracker never throw (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.tuple(jsonText, jsonText, jsonText), async ([declaration, readiness, budgets]) => {
        const written = accepted<any>(CombatantRoundModel, { declaration, readiness, budgets });
        if (!written) return;
        const a = new FakeRoundCombatant({ id: 'a', name: 'A', kind: 'aventurier', dex: 12 });
        const b = new FakeRoundCombatant({ id: 'b', name: 'B', kind: 'pnj', dex: 11 });
        const combat = new FakeRoundCombat([a, b]);
        await runRoundCommand(combat as never, GM, { kind: 'start' }, noDice);
        // The owner of A edits their own Combatant document directly.
        a.system = { ...a.system, ...written };
        const state = readRoundState(fantasiaRoundAdapter as never, combat as never);
        expect(state).not.toBeNull();
        expect(firstNonFinite(trackerViewOf(combat as never))).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });

  it(`card data: the snapshot every button reads never throws nor holds NaN (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(schemaSource((CardData as any).schema.fields), (source) => {
        const system = accepted<any>(CardData, source);
        if (!system) return;
        const snap = snapshotOf({ system, type: 'carte' } as never);
        // `state` is the flow's own object (JSON in the database, so no NaN there): the typed fields.
        expect(firstNonFinite({ ...snap, state: null })).toBeUndefined();
        expect(Number.isInteger(snap.revision) && snap.revision >= 0).toBe(true);
        expect(snap.targets.every((t) => typeof t.actorUuid === 'string')).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

registerRoundAdapter(fantasiaRoundAdapter as never);
