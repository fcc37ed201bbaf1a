/* eslint-disable @typescript-eslint/no-explicit-any -- fuzzing queries through the fake world */
/**
 * Every GM-side query parses its payload with a schema (src/foundry/security/payload.ts): a
 * payload that does not fit is refused with a localized PDA.Error.BadPayload, never a throw and
 * never a write. Fuzzed with fast-check on a world holding a live card and a started round.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startAttack } from '../../src/foundry/rulesets/fantasia/cards/start';
import { CARD_ACTION_QUERY } from '../../src/foundry/chat/card-action';
import { ROUND_QUERY, runRoundCommand } from '../../src/foundry/combat/service';
import { ACTION_QUERY, POSTURE_QUERY } from '../../src/foundry/rulesets/souffle/posture';
import { TIE_QUERY } from '../../src/foundry/rulesets/souffle/round/adapter';
import { CARD_OPEN_QUERY } from '../../src/foundry/chat/open';
import {
  RESISTANCE_QUERY,
  registerResistanceQuery,
} from '../../src/foundry/rulesets/fantasia/cards/resistance';
import { runRequest } from '../../src/foundry/queries';
import {
  parseGreyhawkDeclaration,
  MAX_RUSH_DISTANCE,
} from '../../src/foundry/rulesets/greyhawk/round/adapter';
import {
  BAD_PAYLOAD,
  id,
  int,
  isPrototypeKey,
  json,
  MAX_REVISION,
  object,
  optional,
  parsePayload,
  PayloadError,
} from '../../src/foundry/security/payload';
import { GM } from '../../src/engine/round/types';
import { errorMessage } from '../../src/foundry/i18n';
import { RulesError } from '../../src/engine/core/errors';
import { actAs, translations, type FakeUser } from '../fakes/foundry';
import * as chat from '../foundry/chat/helpers';
import * as souffle from '../foundry/souffle/helpers';
import { garbage, HOSTILE_STRINGS } from './arbitraries';

const RUNS = 400;
const g = globalThis as any;
const FR = () => JSON.parse(readFileSync('lang/fr.json', 'utf8'));
const EN = () => JSON.parse(readFileSync('lang/en.json', 'utf8'));

/** Everything a query could write: actors, messages, combats and their combatants. */
function fingerprint(): string {
  const docs = [
    ...g.game.actors.contents.map((a: any) => a.toObject?.() ?? a.system),
    ...g.game.messages.contents.map((m: any) => [m.system, m.content]),
    ...g.game.combats.contents.map((c: any) => [
      c.round,
      c.turn,
      c.system,
      [...c.combatants].map((x: any) => x.system),
    ]),
  ];
  return JSON.stringify(docs);
}

function expectRefusedUnchanged(result: any, before: string): void {
  expect(result.ok).toBe(false);
  expect(result.key).not.toBe('PDA.Error.Unexpected');
  expect(fingerprint()).toBe(before);
}

describe('payload schemas', () => {
  it('revision must be a non-negative integer: null, "", "3", -1, 1.5 and NaN are refused (null and "" counted as 0)', () => {
    const revision = object({ revision: int(0, MAX_REVISION) });
    for (const bad of [
      null,
      '',
      '0',
      '3',
      -1,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      [0],
      { valueOf: 0 },
    ])
      expect(() => parsePayload(revision, { revision: bad })).toThrow(PayloadError);
    expect(() => parsePayload(revision, {})).toThrow(PayloadError);
    expect(parsePayload(revision, { revision: 0 })).toEqual({ revision: 0 });
  });

  it('ids never name a prototype member, and unknown or inherited keys are refused', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(isPrototypeKey(key)).toBe(true);
      expect(() => id()(key, 'targetId')).toThrow(PayloadError);
    }
    expect(id()('fakeid0000000001', 'x')).toBe('fakeid0000000001');
    for (const bad of ['', 'a b', '<img>', 'x'.repeat(65), 12, null]) expect(() => id()(bad, 'x')).toThrow();
    const shape = object({ messageId: id(), note: optional(int(0, 3)) });
    expect(() => parsePayload(shape, { messageId: 'abc', extra: 1 })).toThrow(PayloadError);
    expect(() => parsePayload(shape, Object.create({ messageId: 'abc' }))).toThrow(PayloadError);
    expect(() => parsePayload(shape, JSON.parse('{"messageId":"abc","__proto__":{"isGM":true}}'))).toThrow(
      PayloadError,
    );
    expect(parsePayload(shape, { messageId: 'abc' })).toEqual({ messageId: 'abc' });
    // The refusal names the sender's unknown key, cut short.
    let caught: unknown;
    try {
      parsePayload(shape, { messageId: 'abc', ['x'.repeat(10_000)]: 1 });
    } catch (error) {
      caught = error;
    }
    expect((caught as PayloadError | undefined)?.data.field).toBe('x'.repeat(60));
  });

  it('declaration data is bounded JSON whose …Id values are ids', () => {
    const data = json({ depth: 4, entries: 16, length: 500 });
    expect(() => data({ intents: [{ kind: 'melee', targetId: 'constructor' }] }, 'd')).toThrow(PayloadError);
    expect(() => data({ constructor: 1 }, 'd')).toThrow(PayloadError);
    expect(() => data({ a: { b: { c: { d: { e: 1 } } } } }, 'd')).toThrow(PayloadError);
    expect(() => data({ intents: Array.from({ length: 17 }, () => ({})) }, 'd')).toThrow(PayloadError);
    expect(() => data({ note: 'x'.repeat(501) }, 'd')).toThrow(PayloadError);
    expect(() => data({ rushDistance: Number.POSITIVE_INFINITY }, 'd')).toThrow(PayloadError);
    expect(data({ intents: [{ kind: 'melee', targetId: 'c-goblin01', note: 'constructor' }] }, 'd')).toEqual({
      intents: [{ kind: 'melee', targetId: 'c-goblin01', note: 'constructor' }],
    });
  });

  it('G-SH2 the shield-rush run-up is bounded: 1e9 metres is refused, 999 kept', () => {
    expect(() => parseGreyhawkDeclaration({ action: 'shieldRush', rushDistance: 1e9 })).toThrow(RulesError);
    expect(() => parseGreyhawkDeclaration({ action: 'shieldRush', rushDistance: -4 })).toThrow(RulesError);
    expect(
      parseGreyhawkDeclaration({ action: 'shieldRush', rushDistance: MAX_RUSH_DISTANCE }).rushDistance,
    ).toBe(MAX_RUSH_DISTANCE);
  });

  it('the refusal is localized in French and English, naming the field', () => {
    translations.data = FR();
    const error = new RulesError(BAD_PAYLOAD, { field: 'revision' });
    expect(errorMessage(error)).toContain('« revision »');
    translations.data = EN();
    expect(errorMessage(error)).toContain('"revision"');
  });
});

describe('queries under garbage payloads: a refusal, never a throw, never a write', () => {
  async function cardWorld(): Promise<{
    gm: FakeUser;
    player: FakeUser;
    messageId: string;
    revision: number;
  }> {
    const { gm, player, other } = chat.chatWorld();
    translations.data = FR();
    const aldo = chat.fighter({ name: 'Aldo', owner: player, skills: { armesDeMelee: 60 } });
    const brute = chat.fighter({ name: 'Brute', owner: other, pv: 14 });
    actAs(player);
    chat.dice(30);
    await startAttack(aldo as never, 'epeeLongue', { targets: [chat.targetOf(brute)], skipDialog: true });
    actAs(gm);
    const m = chat.lastMessage();
    return { gm, player, messageId: m.id, revision: (m.system as any).revision };
  }

  it(`card.action: any payload with one bad field is refused and writes nothing (${RUNS} runs)`, async () => {
    const { player, messageId, revision } = await cardWorld();
    const field = (valid: unknown) =>
      fc.oneof(
        fc.constant({ ok: true, v: valid }),
        garbage.map((v) => ({ ok: false, v })),
      );
    await fc.assert(
      fc.asyncProperty(
        field(messageId),
        field('dodge'),
        field(revision),
        fc.option(fc.constantFrom(...HOSTILE_STRINGS.filter(Boolean)), { nil: undefined }),
        async (m, a, r, extra) => {
          const payload: Record<string, unknown> = {};
          if (m.v !== undefined) payload.messageId = m.v;
          if (a.v !== undefined) payload.actionId = a.v;
          if (r.v !== undefined) payload.revision = r.v;
          if (extra) payload[extra] = 1;
          const allValid = m.ok && a.ok && r.ok && !extra;
          // A field drawn as garbage may happen to be valid (an integer revision, say).
          fc.pre(!allValid);
          const before = fingerprint();
          const result = await runRequest(CARD_ACTION_QUERY, payload, player as never);
          if (result.ok) {
            // Only a payload that fits the schema can get through.
            expect(typeof payload.messageId === 'string' && Number.isInteger(payload.revision)).toBe(true);
            return;
          }
          expectRefusedUnchanged(result, before);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`every query: arbitrary data is refused and writes nothing (${RUNS} runs each)`, async () => {
    const { player } = souffle.souffleWorld();
    translations.data = FR();
    const a = await souffle.souffleFighter({ name: 'A', owner: player });
    const b = await souffle.souffleFighter({ name: 'B' });
    const combat = new souffle.SouffleCombat([
      new souffle.SouffleCombatant('cA', a),
      new souffle.SouffleCombatant('cB', b),
    ]);
    await runRoundCommand(combat as never, GM, { kind: 'start' }, async () => ({ value: 1, roll: null }));
    const payloads = fc.oneof(
      fc.anything(),
      fc.record({ combatId: fc.oneof(fc.constant(combat.id), garbage), command: fc.anything() }),
      fc.record({
        combatId: fc.constant(combat.id),
        command: fc.record({
          kind: fc.constantFrom('declare', 'amend', 'endSlot', 'drop', 'restore'),
          combatantId: garbage,
        }),
      }),
      fc.record({
        combatId: fc.constant(combat.id),
        combatantId: fc.constantFrom('cA', 'constructor', '__proto__'),
        posture: fc.oneof(garbage, fc.constantFrom('Intrepide', 'toString')),
      }),
    );
    registerResistanceQuery();
    const queries = [
      CARD_ACTION_QUERY,
      CARD_OPEN_QUERY,
      RESISTANCE_QUERY,
      ROUND_QUERY,
      POSTURE_QUERY,
      ACTION_QUERY,
      TIE_QUERY,
    ];
    for (const query of queries) {
      await fc.assert(
        fc.asyncProperty(payloads, async (data) => {
          const before = fingerprint();
          const result = await runRequest(query, data, player as never);
          expectRefusedUnchanged(result, before);
          // Refused by the query's own checks, never as an unknown name.
          expect(result).not.toMatchObject({ key: 'PDA.Error.UnknownQuery' });
        }),
        { numRuns: RUNS },
      );
    }
  });

  it('a forged revision of null or "" no longer passes for revision 0', async () => {
    const { player, messageId, revision } = await cardWorld();
    expect(revision).toBe(0);
    for (const forged of [null, '', '0', false]) {
      const before = fingerprint();
      const result = await runRequest(
        CARD_ACTION_QUERY,
        { messageId, actionId: 'dodge', revision: forged },
        player as never,
      );
      expect(result).toMatchObject({ ok: false, key: BAD_PAYLOAD, data: { field: 'revision' } });
      expect(fingerprint()).toBe(before);
    }
  });
});
