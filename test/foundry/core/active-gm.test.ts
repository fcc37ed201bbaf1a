import { describe, expect, it, vi } from 'vitest';
import { isActiveGM, noActiveGM } from '../../../src/foundry/active-gm';
import { askGM, registerQuery, runRequest, setRequestTransport } from '../../../src/foundry/queries';
import { actAs, resetFoundry, type FakeUser } from '../../fakes/foundry';

/* eslint-disable @typescript-eslint/no-explicit-any -- reaching into the fake globals */
const g = globalThis as any;

/** The table: the GM, a player, and an Assistant GM (role 3, `isGM` in Foundry) seated after them. */
function table() {
  const { gm, player } = resetFoundry();
  const assistant: FakeUser = { id: 'as00000000000001', name: 'Aide', isGM: true, active: true };
  g.game.users.set(assistant.id, assistant);
  const handler = vi.fn(() => 'written');
  registerQuery('gm.write', {}, handler);
  const travelled: string[] = [];
  setRequestTransport(async (name) => {
    travelled.push(name);
    return { ok: true, value: 'asked' };
  });
  return { gm, player, assistant, handler, travelled };
}

describe('one active GM writes GM-only state (docs/rulings.md, "The active GM")', () => {
  it('with the GM connected, only the GM’s client decides: the assistant and the player ask', async () => {
    const { gm, player, assistant, handler, travelled } = table();
    actAs(gm);
    expect(isActiveGM()).toBe(true);
    expect(await askGM('gm.write', {})).toEqual({ ok: true, value: 'written' });
    expect(handler).toHaveBeenCalledTimes(1);
    for (const user of [assistant, player]) {
      actAs(user);
      expect(isActiveGM()).toBe(false);
      expect(await askGM('gm.write', {})).toEqual({ ok: true, value: 'asked' });
    }
    expect(travelled).toEqual(['gm.write', 'gm.write']);
    expect(handler).toHaveBeenCalledTimes(1);
    // A request reaching the assistant's client is refused there: the GM's runs it.
    actAs(assistant);
    expect(await runRequest('gm.write', {}, player as never)).toMatchObject({ key: 'PDA.Error.NotActiveGM' });
    setRequestTransport(null);
  });

  it('with only the Assistant GM connected, the assistant is the active GM and decides', async () => {
    const { gm, assistant, handler, travelled } = table();
    gm.active = false;
    actAs(assistant);
    expect(isActiveGM()).toBe(true);
    expect(await askGM('gm.write', {})).toEqual({ ok: true, value: 'written' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(travelled).toEqual([]);
    setRequestTransport(null);
  });

  it('with no active GM known, nobody writes, not even a GM client: the request is refused', async () => {
    const { gm, player, assistant, handler, travelled } = table();
    gm.active = false;
    assistant.active = false;
    expect(noActiveGM()).toBe(true);
    for (const user of [gm, player]) {
      actAs(user);
      expect(isActiveGM()).toBe(false);
      expect(await askGM('gm.write', {})).toEqual({ ok: false, key: 'PDA.Error.NoGM' });
    }
    actAs(gm);
    expect(await runRequest('gm.write', {}, player as never)).toMatchObject({
      ok: false,
      key: 'PDA.Error.NoGM',
    });
    expect(handler).not.toHaveBeenCalled();
    expect(travelled).toEqual([]);
    setRequestTransport(null);
  });

  it('with no users loaded yet (early hooks), nobody is the active GM', () => {
    resetFoundry();
    g.game.users = undefined;
    expect(isActiveGM()).toBe(false);
    expect(noActiveGM()).toBe(true);
  });
});
