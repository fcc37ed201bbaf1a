import { beforeEach, describe, expect, it } from 'vitest';
import { GM } from '../../../src/engine/round/types';
import { registerRoundAdapter, requesterFor } from '../../../src/foundry/combat/adapter';
import {
  fantasiaRoundAdapter,
  formToDeclaration,
  parseFantasiaDeclaration,
} from '../../../src/foundry/rulesets/fantasia/round/adapter';
import { handleRoundQuery, runRoundCommand } from '../../../src/foundry/combat/service';
import { readRoundState } from '../../../src/foundry/combat/store';
import type { DieRoller } from '../../../src/foundry/dice/roll-dice';
import { isRulesError } from '../../../src/engine/core/errors';
import { bow, crossbow, sword } from '../../engine/round/fixtures';
import { FakeRoundCombat, FakeRoundCombatant, user } from './fakes';

/* eslint-disable @typescript-eslint/no-explicit-any -- reaching into the fake globals */
const g = globalThis as any;

/** Foundry dice stand-in: hands out the given faces in order and records what was asked. */
function roller(values: number[]): DieRoller & { asked: number[] } {
  const asked: number[] = [];
  const fn = (async (faces: number) => {
    asked.push(faces);
    const value = values.shift();
    if (value === undefined) throw new Error(`no die left for d${faces}`);
    return { value, roll: null };
  }) as DieRoller & { asked: number[] };
  fn.asked = asked;
  return fn;
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (error) {
    if (isRulesError(error)) return error.key;
    throw error;
  }
  throw new Error('expected a refusal');
}

function scene(): FakeRoundCombat {
  return new FakeRoundCombat([
    new FakeRoundCombatant({ id: 'rorque', name: 'Rorque', kind: 'pnj', dex: 16 }),
    new FakeRoundCombatant({
      id: 'ava',
      name: 'Ava',
      kind: 'aventurier',
      dex: 17,
      weapons: [crossbow()],
      owners: ['p1'],
    }),
  ]);
}

beforeEach(() => {
  registerRoundAdapter(fantasiaRoundAdapter);
  g.game.settings.set('passe-d-armes', 'ruleset', 'fantasia');
});

describe('round stored in Combat and Combatant documents', () => {
  it('F-M4 the crossbow scene runs through the documents: DEX 17 first, crossbow in pass 1, reloaded', async () => {
    const combat = scene();
    await runRoundCommand(combat, GM, { kind: 'start' }, roller([]));
    expect(combat.round).toBe(1);
    expect(combat.system.step).toBe('declaration');
    expect(combat.list.find((c) => c.id === 'ava')?.initiative).toBe(2);
    expect(combat.list.find((c) => c.id === 'rorque')?.initiative).toBe(1);

    const player = requesterFor(combat, user('p1'));
    expect(player).toEqual({ gm: false, owns: ['ava'] });
    await runRoundCommand(combat, player, {
      kind: 'declare',
      combatantId: 'ava',
      declaration: { intents: [{ kind: 'shoot', weaponId: 'crossbow', targetId: 'rorque' }] },
    });
    await runRoundCommand(combat, GM, {
      kind: 'declare',
      combatantId: 'rorque',
      declaration: { intents: [{ kind: 'move' }], publicText: "s'éloigne" },
    });
    // The player's view of Rorque: only the public text (F-R5).
    const view = fantasiaRoundAdapter.describeDeclaration(
      readRoundState(fantasiaRoundAdapter, combat) as never,
      'rorque',
      player,
    );
    expect(view).toBe("s'éloigne");

    await runRoundCommand(combat, GM, { kind: 'startPasses' });
    expect(combat.system.step).toBe('pass1');
    expect(
      (combat.system.slots as { combatantId: string; pass: number; action: string }[]).map(
        (s) => `${s.pass}:${s.combatantId}:${s.action}`,
      ),
    ).toEqual(['1:ava:shoot', '2:ava:reload', '2:rorque:move', '3:ava:reload']);
    expect(combat.turn).toBe(0);

    // A reload (late join) rebuilds the same round from the documents.
    const reread = readRoundState(fantasiaRoundAdapter, combat);
    expect(reread?.slots[0]?.status).toBe('current');
    expect(reread?.declarations.ava).toEqual({
      intents: [{ kind: 'shoot', weaponId: 'crossbow', targetId: 'rorque' }],
    });

    // The GM amends Rorque's intent mid-round: it now dodges (pass 2).
    await runRoundCommand(combat, GM, {
      kind: 'amend',
      combatantId: 'rorque',
      declaration: { intents: [{ kind: 'dodge' }], publicText: 'se dérobe' },
    });
    expect((combat.system.slots as { action: string }[]).map((s) => s.action)).toEqual([
      'shoot',
      'reload',
      'dodge',
      'reload',
    ]);
    const slotId = (combat.system.slots[0] as { id: string }).id;
    expect(
      await refusal(runRoundCommand(combat, requesterFor(combat, user('p2')), { kind: 'endSlot', slotId })),
    ).toBe('PDA.Error.NotOwner');
    await runRoundCommand(combat, player, { kind: 'endSlot', slotId });
    for (let i = 0; i < 3; i++) await runRoundCommand(combat, GM, { kind: 'nextSlot' });
    await runRoundCommand(combat, GM, { kind: 'nextRound' }, roller([]));
    expect(combat.round).toBe(2);
    const ava = combat.list.find((c) => c.id === 'ava');
    expect(ava?.weaponReadiness.weapons.crossbow).toEqual({ ready: true, loaded: true });
    expect(ava?.system.declaration).toBe('');
  });

  it('F-R2 F-R4 the stored order is DEX descending, an Aventurier before a PNJ on equal DEX with no roll', async () => {
    const combat = new FakeRoundCombat([
      new FakeRoundCombatant({ id: 'pnj', name: 'Garde', kind: 'pnj', dex: 13, weapons: [sword()] }),
      new FakeRoundCombatant({ id: 'slow', name: 'Lent', kind: 'pnj', dex: 8, weapons: [sword()] }),
      new FakeRoundCombatant({ id: 'pc', name: 'Aline', kind: 'aventurier', dex: 13, weapons: [sword()] }),
      new FakeRoundCombatant({ id: 'fast', name: 'Vif', kind: 'aventurier', dex: 17, weapons: [sword()] }),
    ]);
    const dice = roller([]);
    await runRoundCommand(combat, GM, { kind: 'start' }, dice);
    expect(dice.asked).toEqual([]);
    expect((combat.system.order as { combatantId: string }[]).map((e) => e.combatantId)).toEqual([
      'fast',
      'pc',
      'pnj',
      'slow',
    ]);
  });

  it('F-R9 from the second round a bow that shot is nocked again and shoots in pass 1', async () => {
    const combat = new FakeRoundCombat([
      new FakeRoundCombatant({
        id: 'archer',
        name: 'Aline',
        kind: 'aventurier',
        dex: 15,
        weapons: [bow()],
        owners: ['p1'],
      }),
      new FakeRoundCombatant({ id: 'brute', name: 'Brute', kind: 'pnj', dex: 10, weapons: [sword()] }),
    ]);
    const shoot = { intents: [{ kind: 'shoot', weaponId: 'bow', targetId: 'brute' }] };
    const player = requesterFor(combat, user('p1'));
    await runRoundCommand(combat, GM, { kind: 'start' }, roller([]));
    for (const round of [1, 2]) {
      await runRoundCommand(combat, player, { kind: 'declare', combatantId: 'archer', declaration: shoot });
      await runRoundCommand(combat, GM, {
        kind: 'declare',
        combatantId: 'brute',
        declaration: { intents: [{ kind: 'parry', weaponId: 'sword' }] },
      });
      await runRoundCommand(combat, GM, { kind: 'startPasses' });
      const slots = combat.system.slots as { combatantId: string; pass: number; action: string }[];
      expect(
        slots.find((x) => x.combatantId === 'archer'),
        `round ${round}`,
      ).toMatchObject({ pass: 1, action: 'shoot' });
      while (
        combat.system.step !== 'pass3' ||
        (combat.system.slots as { status: string }[]).some((x) => x.status !== 'done')
      ) {
        if (!(combat.system.slots as { status: string }[]).some((x) => x.status === 'current')) break;
        await runRoundCommand(combat, GM, { kind: 'nextSlot' });
      }
      await runRoundCommand(combat, GM, { kind: 'nextRound' }, roller([]));
    }
    expect(combat.round).toBe(3);
  });

  it('F-R3 initiative ties are rolled with Foundry dice (the dice adapter), highest d10 first', async () => {
    const combat = new FakeRoundCombat([
      new FakeRoundCombatant({ id: 'a', name: 'A', kind: 'pnj', dex: 12, weapons: [sword()] }),
      new FakeRoundCombatant({ id: 'b', name: 'B', kind: 'pnj', dex: 12, weapons: [bow()] }),
    ]);
    const dice = roller([4, 9]);
    g.CONFIG.ChatMessage.documentClass = { create: async () => ({}) };
    await runRoundCommand(combat, GM, { kind: 'start' }, dice);
    expect(dice.asked).toEqual([10, 10]);
    expect(
      (combat.system.order as { combatantId: string; tieBreak: number[] }[]).map((e) => [
        e.combatantId,
        e.tieBreak,
      ]),
    ).toEqual([
      ['b', [9]],
      ['a', [4]],
    ]);
  });

  it('F-R5 a player cannot declare for a PNJ or out of turn; the GM re-validates the query', async () => {
    const combat = scene();
    await runRoundCommand(combat, GM, { kind: 'start' }, roller([]));
    g.game.combats.set(combat.id, combat);
    const p1 = user('p1');
    const before = combat.writes;
    await expect(
      handleRoundQuery(
        {
          userId: 'p1',
          combatId: combat.id,
          command: { kind: 'declare', combatantId: 'rorque', declaration: { intents: [{ kind: 'move' }] } },
        },
        p1,
      ),
    ).rejects.toMatchObject({ key: 'PDA.Error.NotOwner' });
    await expect(
      handleRoundQuery(
        { userId: 'p1', combatId: combat.id, command: { kind: 'startPasses', force: true } },
        p1,
      ),
    ).rejects.toMatchObject({ key: 'PDA.Error.NotGM' });
    await expect(
      handleRoundQuery({ userId: 'p1', combatId: combat.id, command: { kind: 'hack' } as never }, p1),
    ).rejects.toMatchObject({ key: 'PDA.Error.Round.BadCommand' });
    expect(combat.writes).toBe(before);
    await handleRoundQuery(
      {
        userId: 'p1',
        combatId: combat.id,
        command: { kind: 'declare', combatantId: 'ava', declaration: { intents: [{ kind: 'dodge' }] } },
      },
      p1,
    );
    const sealed = (combat.system as { sealed?: unknown }).sealed as { declarations: Record<string, string> };
    expect(sealed.declarations.ava).toBe('{"intents":[{"kind":"dodge"}]}');
  });

  it('F-R10 a combatant marked surprised starts with nothing drawn', async () => {
    const combat = new FakeRoundCombat([
      new FakeRoundCombatant({
        id: 'x',
        name: 'X',
        kind: 'aventurier',
        dex: 12,
        weapons: [sword()],
        surprised: true,
      }),
      new FakeRoundCombatant({ id: 'y', name: 'Y', kind: 'pnj', dex: 11 }),
    ]);
    await runRoundCommand(combat, GM, { kind: 'start' }, roller([]));
    const x = combat.list.find((c) => c.id === 'x');
    expect(x?.weaponReadiness.weapons.sword?.ready).toBe(false);
    expect(
      await refusal(
        runRoundCommand(combat, GM, {
          kind: 'declare',
          combatantId: 'x',
          declaration: { intents: [{ kind: 'melee', weaponId: 'sword' }] },
        }),
      ),
    ).toBe('PDA.Error.Round.Surprised');
  });

  it('F-R1 a defeated combatant leaves the round; ending the combat clears the stored round', async () => {
    const combat = scene();
    await runRoundCommand(combat, GM, { kind: 'start' }, roller([]));
    await runRoundCommand(combat, GM, { kind: 'drop', combatantId: 'rorque' });
    expect(combat.system.out).toEqual(['rorque']);
    await runRoundCommand(combat, GM, { kind: 'end' });
    expect(combat.system.step).toBe('');
    expect(combat.system.slots).toEqual([]);
    expect(combat.list.every((c) => c.system.declaration === '' && c.system.readiness === '')).toBe(true);
    expect(readRoundState(fantasiaRoundAdapter, combat)).toBeNull();
  });
});

describe('declaration form', () => {
  it('F-R5 the dialog form becomes a checked declaration; junk is refused', () => {
    const d = parseFantasiaDeclaration(
      formToDeclaration({
        'intents.0.kind': 'parry',
        'intents.0.weaponId': 'sword',
        'intents.0.targetId': '',
        'intents.0.hold': false,
        'intents.1.kind': 'melee',
        'intents.1.weaponId': 'sword',
        'intents.1.targetId': 'orc',
        'intents.2.kind': '',
        publicText: '  lève son épée ',
      }),
    );
    expect(d).toEqual({
      intents: [
        { kind: 'parry', weaponId: 'sword' },
        { kind: 'melee', weaponId: 'sword', targetId: 'orc' },
      ],
      publicText: 'lève son épée',
    });
    for (const junk of [
      null,
      {},
      { intents: [] },
      { intents: [{ kind: 'fly' }] },
      { intents: Array(4).fill({ kind: 'move' }) },
    ]) {
      expect(() => parseFantasiaDeclaration(junk)).toThrow(/BadDeclaration/);
    }
  });
});
