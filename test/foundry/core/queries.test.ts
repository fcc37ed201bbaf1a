import { describe, expect, it, vi } from 'vitest';
import { RulesError } from '../../../src/engine/core/errors';
import { askGM, registerQuery, runRequest, setRequestTransport } from '../../../src/foundry/queries';
import { int } from '../../../src/foundry/security/payload';
import { actAs, resetFoundry, translations, world } from '../../fakes/foundry';

/* eslint-disable @typescript-eslint/no-explicit-any -- reaching into the fake globals */
const g = globalThis as any;

describe('GM requests', () => {
  it('registers no CONFIG.queries handler a player could call with a forged payload', () => {
    registerQuery('ping', {}, () => 'pong');
    expect(Object.keys(g.CONFIG.queries)).toEqual([]);
  });

  it('a player with no GM connected gets a clear message and nothing runs', async () => {
    const { gm, player } = resetFoundry();
    gm.active = false;
    translations.data = { PDA: { Error: { NoGM: 'Aucun MJ connecté' } } };
    const handler = vi.fn(() => 'done');
    registerQuery('write', { value: int(0, 10) }, handler);
    actAs(player);
    const result = await askGM('write', { value: 1 });
    expect(result).toEqual({ ok: false, key: 'PDA.Error.NoGM' });
    expect(handler).not.toHaveBeenCalled();
    expect(world.notifications).toEqual([{ level: 'warn', message: 'Aucun MJ connecté' }]);
  });

  it('a handler runs for the sender it is given; a payload naming a user is refused as malformed', async () => {
    const { gm, player } = resetFoundry();
    const seen: unknown[] = [];
    registerQuery('double', { value: int(0, 100) }, (payload, user) => {
      seen.push(user.id);
      return payload.value * 2;
    });
    actAs(gm);
    const forged = await runRequest('double', { value: 21, userId: gm.id }, player as never);
    expect(forged).toMatchObject({ ok: false, key: 'PDA.Error.BadPayload', data: { field: 'userId' } });
    expect(seen).toEqual([]);
    const result = await runRequest('double', { value: 21 }, player as never);
    expect(result).toEqual({ ok: true, value: 42 });
    expect(seen).toEqual([player.id]);
  });

  it("the GM-side handler's refusal reaches the player localized, through the transport", async () => {
    const { player, gm } = resetFoundry();
    translations.data = { PDA: { Error: { NotOwner: 'Vous ne possédez pas {name}.' } } };
    registerQuery('refuse', {}, () => {
      throw new RulesError('PDA.Error.NotOwner', { name: 'Brigand' });
    });
    setRequestTransport(async (name, data) => {
      actAs(gm);
      try {
        return await runRequest(name, data, player as never);
      } finally {
        actAs(player);
      }
    });
    actAs(player);
    const result = await askGM('refuse', {});
    setRequestTransport(null);
    expect(result).toEqual({ ok: false, key: 'PDA.Error.NotOwner', data: { name: 'Brigand' } });
    expect(world.notifications[0]?.message).toBe('Vous ne possédez pas Brigand.');
  });

  it('a handler never runs on a non-GM client, for no sender, an unknown name or a non-object payload', async () => {
    const { player, gm } = resetFoundry();
    const handler = vi.fn();
    registerQuery('guarded', {}, handler);
    actAs(player);
    expect(await runRequest('guarded', {}, player as never)).toMatchObject({
      ok: false,
      key: 'PDA.Error.NotGM',
    });
    actAs(gm);
    expect(await runRequest('guarded', {}, null)).toMatchObject({ ok: false, key: 'PDA.Error.UnknownUser' });
    expect(await runRequest('constructor', {}, player as never)).toMatchObject({
      ok: false,
      key: 'PDA.Error.UnknownQuery',
    });
    for (const bad of [null, [], 'x', 3]) {
      expect(await runRequest('guarded', bad, player as never)).toMatchObject({
        ok: false,
        key: 'PDA.Error.BadRequest',
      });
    }
    expect(handler).not.toHaveBeenCalled();
  });
});
