import { describe, expect, it, vi } from 'vitest';
import { RulesError } from '../../../src/engine/core/errors';
import { askGM, queryName, registerQuery, runQuery } from '../../../src/foundry/queries';
import { actAs, resetFoundry, translations, world } from '../../fakes/foundry';

/* eslint-disable @typescript-eslint/no-explicit-any -- reaching into the fake globals */
const g = globalThis as any;

describe('GM queries', () => {
  it('registers prefixed handlers in CONFIG.queries', () => {
    registerQuery('ping', () => 'pong');
    expect(typeof g.CONFIG.queries[queryName('ping')]).toBe('function');
    expect(queryName('ping')).toBe('passe-d-armes.ping');
  });

  it('a player with no GM connected gets a clear message and nothing runs', async () => {
    const { gm, player } = resetFoundry();
    gm.active = false;
    translations.data = { PDA: { Error: { NoGM: 'Aucun MJ connecté' } } };
    const handler = vi.fn(() => 'done');
    registerQuery('write', handler);
    actAs(player);
    const result = await askGM('write', { value: 1 });
    expect(result).toEqual({ ok: false, key: 'PDA.Error.NoGM' });
    expect(handler).not.toHaveBeenCalled();
    expect(world.notifications).toEqual([{ level: 'warn', message: 'Aucun MJ connecté' }]);
  });

  it("a player's request reaches the active GM with the player's id, and the GM's answer comes back", async () => {
    const { gm, player } = resetFoundry();
    const seen: unknown[] = [];
    registerQuery<{ userId: string; value: number }, number>('double', (payload, user) => {
      seen.push(user.id);
      return payload.value * 2;
    });
    gm.query = async (name, data) => {
      actAs(gm);
      const answer = await g.CONFIG.queries[name](data);
      actAs(player);
      return answer;
    };
    actAs(player);
    const result = await askGM<number>('double', { value: 21 });
    expect(result).toEqual({ ok: true, value: 42 });
    expect(seen).toEqual([player.id]);
  });

  it("the GM-side handler's refusal is returned localized and nothing is written", async () => {
    const { player, gm } = resetFoundry();
    translations.data = { PDA: { Error: { NotOwner: 'Vous ne possédez pas {name}.' } } };
    registerQuery('refuse', () => {
      throw new RulesError('PDA.Error.NotOwner', { name: 'Brigand' });
    });
    gm.query = async (name, data) => {
      actAs(gm);
      const answer = await g.CONFIG.queries[name](data);
      actAs(player);
      return answer;
    };
    actAs(player);
    const result = await askGM('refuse', {});
    expect(result).toEqual({ ok: false, key: 'PDA.Error.NotOwner', data: { name: 'Brigand' } });
    expect(world.notifications[0]?.message).toBe('Vous ne possédez pas Brigand.');
  });

  it('a handler never runs on a non-GM client, nor for an unknown user', async () => {
    const { player } = resetFoundry();
    const handler = vi.fn();
    registerQuery('guarded', handler);
    actAs(player);
    expect(await runQuery('guarded', { userId: player.id })).toEqual({
      ok: false,
      key: 'PDA.Error.NotGM',
      data: {},
    });
    resetFoundry();
    expect(await runQuery('guarded', { userId: 'nobody' })).toEqual({
      ok: false,
      key: 'PDA.Error.UnknownUser',
      data: {},
    });
    const { player: p2, gm: gm2 } = resetFoundry();
    actAs(gm2);
    expect(await runQuery('guarded', { userId: p2.id }, { user: { id: 'someone-else' } })).toMatchObject({
      ok: false,
      key: 'PDA.Error.UnknownUser',
    });
    expect(handler).not.toHaveBeenCalled();
  });
});
