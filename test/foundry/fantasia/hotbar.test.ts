import { afterEach, describe, expect, it } from 'vitest';
import {
  createWeaponMacro,
  fantasiaHotbarDrop,
  weaponMacroCommand,
} from '../../../src/foundry/rulesets/fantasia/hotbar';

const g = globalThis as unknown as Record<string, unknown>;

afterEach(() => {
  delete g.fromUuid;
});

describe('weapon macros on the hotbar', () => {
  it('a weapon owned by an actor becomes an attack macro in the dropped slot', async () => {
    const uuid = 'Actor.a1.Item.w1';
    g.fromUuid = async (u: string) =>
      u === uuid ? { type: 'arme', name: 'Épée longue', img: 'sword.svg', uuid } : null;
    const created: Record<string, unknown>[] = [];
    (CONFIG as unknown as Record<string, unknown>).Macro = {
      documentClass: { create: async (data: Record<string, unknown>) => (created.push(data), data) },
    };
    const assigned: unknown[] = [];
    (game as unknown as { user: Record<string, unknown> }).user.assignHotbarMacro = async (
      m: unknown,
      s: unknown,
    ) => assigned.push([m, s]);

    expect(fantasiaHotbarDrop(null, { type: 'Item', uuid }, 3)).toBe(false);
    await createWeaponMacro(uuid, 3);
    expect(created.at(-1)).toMatchObject({
      name: 'Épée longue',
      type: 'script',
      command: weaponMacroCommand(uuid),
    });
    expect(assigned.at(-1)).toEqual([created.at(-1), 3]);
  });

  it('a world item or another document keeps Foundry’s default drop', () => {
    expect(fantasiaHotbarDrop(null, { type: 'Item', uuid: 'Item.w1' }, 1)).toBeUndefined();
    expect(fantasiaHotbarDrop(null, { type: 'Actor', uuid: 'Actor.a1' }, 1)).toBeUndefined();
  });
});
