/**
 * Deleting and replacing keys in an update (src/foundry/compat.ts): v13 writes `-=key` / `==key`;
 * v14 (which deprecates those keys, and v16 which removes them: foundryvtt issue #13090) writes
 * `foundry.data.operators.ForcedDeletion` / `ForcedReplacement` under the field's own key. Each
 * generation's update, applied by the fake's mergeObject, deletes or replaces the same data.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- reaching into the fake globals */
import { afterEach, describe, expect, it } from 'vitest';
import { deletionUpdate, isDeletionValue, replacementUpdate } from '../../../src/foundry/compat';
import { legacyOperatorKeys, mergeObject, operators } from '../../fakes/data';

const g = globalThis as any;

function setGeneration(generation: number): void {
  g.game.release = { generation, build: generation === 13 ? 351 : 370 };
  g.foundry.data = generation >= 14 ? { ...g.foundry.data, operators } : { fields: g.foundry.data.fields };
}

afterEach(() => setGeneration(13));

describe('update operators per generation', () => {
  it('v13 writes the special keys, and they delete and replace', () => {
    setGeneration(13);
    const update = {
      ...deletionUpdate('flags.pda.requests.old'),
      ...replacementUpdate('flags.pda.answers', { fresh: 1 }),
    };
    expect(update).toEqual({ 'flags.pda.requests.-=old': null, 'flags.pda.==answers': { fresh: 1 } });
    const source = { flags: { pda: { requests: { old: 1, kept: 2 }, answers: { stale: 1 } } } };
    mergeObject(source, update, { performDeletions: true });
    expect(source.flags.pda).toEqual({ requests: { kept: 2 }, answers: { fresh: 1 } });
  });

  it.each([14, 16])('v%i writes no special key: the operators delete and replace', (generation) => {
    setGeneration(generation);
    const update = {
      ...deletionUpdate('flags.pda.requests.old'),
      ...replacementUpdate('flags.pda.answers', { fresh: 1 }),
    };
    expect(legacyOperatorKeys(update)).toEqual([]);
    expect(Object.keys(update)).toEqual(['flags.pda.requests.old', 'flags.pda.answers']);
    expect(update['flags.pda.requests.old']).toBeInstanceOf(operators.ForcedDeletion);
    expect(isDeletionValue(update['flags.pda.requests.old'])).toBe(true);
    expect(isDeletionValue({ name: 'x' })).toBe(false);
    const source = { flags: { pda: { requests: { old: 1, kept: 2 }, answers: { stale: 1 } } } };
    mergeObject(source, update, { performDeletions: true });
    expect(source.flags.pda).toEqual({ requests: { kept: 2 }, answers: { fresh: 1 } });
  });
});
