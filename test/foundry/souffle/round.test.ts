/* eslint-disable @typescript-eslint/no-explicit-any -- the fake dialog's scripted answers */
import { beforeEach, describe, expect, it } from 'vitest';
import { GM } from '../../../src/engine/round/types';
import { startSouffleAttack } from '../../../src/foundry/rulesets/souffle/cards/start';
import { runRoundCommand } from '../../../src/foundry/combat/service';
import {
  checkSouffleAction,
  describeSouffleDeclaration,
  parseSouffleDeclaration,
  soufflePostureView,
  souffleRoundAdapter,
  type SouffleRoundState,
} from '../../../src/foundry/rulesets/souffle/round/adapter';
import { readRoundState } from '../../../src/foundry/combat/store';
import { choosePosture } from '../../../src/foundry/rulesets/souffle/posture';
import { actAs, FakeChatMessage, world, type FakeUser } from '../../fakes/foundry';
import {
  dice,
  LONG_SWORD,
  souffleFighter,
  SouffleCombat,
  SouffleCombatant,
  souffleWorld,
  targetOf,
} from './helpers';

let gm: FakeUser;
let player: FakeUser;

beforeEach(() => {
  ({ gm, player } = souffleWorld());
});

async function fight(opts: { guerrierB?: boolean } = {}) {
  const a = await souffleFighter({
    name: 'Aude',
    owner: player,
    initiative: 1,
    weapons: [{ id: 'swordA0000000001', name: 'Épée longue', ...LONG_SWORD }],
  });
  const b = await souffleFighter({
    name: 'Bastien',
    type: 'adversaire',
    initiative: 1,
    ...(opts.guerrierB ? { disciplines: ['Guerrier'] } : {}),
    weapons: [{ id: 'swordB0000000001', name: 'Épée longue', ...LONG_SWORD }],
  });
  const combat = new SouffleCombat([new SouffleCombatant('cA', a), new SouffleCombatant('cB', b)]);
  actAs(gm);
  dice(9, 2); // initiative at level 1 (one d10 each): Aude 9, Bastien 2
  await runRoundCommand(combat, GM, { kind: 'start' });
  return { a, b, combat };
}

const stateOf = (combat: SouffleCombat) =>
  readRoundState(souffleRoundAdapter, combat) as unknown as SouffleRoundState;
const warnings = () => world.notifications.filter((n) => n.level === 'warn').map((n) => n.message);

describe('Souffle round adapter', () => {
  it('S-R3 initiative is rolled once; a Guerrier acts before a better roll', async () => {
    const { combat } = await fight({ guerrierB: true });
    const state = stateOf(combat);
    expect(state.order.map((e) => e.combatantId)).toEqual(['cB', 'cA']);
    expect(state.order[0]?.reason).toBe('PDA.Souffle.Initiative.Guerrier');
    expect(combat.system.step).toBe('posture');
    // Round 2 keeps the rolls of the fight: the 5s queued here are never asked for.
    dice(5, 5);
    await runRoundCommand(combat, GM, { kind: 'nextRound', force: true });
    expect(combat.round).toBe(2);
    expect(stateOf(combat).order.map((e) => [e.combatantId, e.score])).toEqual([
      ['cB', 2],
      ['cA', 9],
    ]);
  });

  it('S-P1 every combatant chooses a posture before the first action', async () => {
    const { a, b, combat } = await fight();
    // No posture yet: the actions cannot start.
    await expect(runRoundCommand(combat, GM, { kind: 'startPasses' })).rejects.toMatchObject({
      key: 'PDA.Error.DeclarationsMissing',
    });
    actAs(player);
    expect(await choosePosture(a, 'intrepide')).toBe(true);
    // A player cannot choose for the GM's adversaire: the GM's engine refuses.
    expect(await choosePosture(b, 'defensif')).toBe(false);
    expect(warnings().at(-1)).toContain('Bastien');
    actAs(gm);
    expect(await choosePosture(b, 'prudent')).toBe(true);
    expect(a.system.posture).toBe('intrepide');
    expect(b.system.posture).toBe('prudent');

    await runRoundCommand(combat, GM, { kind: 'startPasses' });
    const state = stateOf(combat);
    expect(state.step).toBe('actions');
    // S-P2/S-P3: two short actions for the bold posture, one for the careful one.
    expect(state.slots.map((s) => s.combatantId)).toEqual(['cA', 'cA', 'cB']);
    expect(state.budgets.cA?.actions).toEqual({ max: 2, used: 0 });
    expect(describeSouffleDeclaration(state, 'cA', GM)).toBe('Intrépide ○○');
    expect(soufflePostureView(state, 'cB')).toMatchObject({ label: 'Prudent', left: 1, max: 1 });
  });

  it('S-P1 a change in the middle of the turn is refused; at its end it is accepted', async () => {
    const { a, b, combat } = await fight();
    await choosePosture(a, 'intrepide');
    await choosePosture(b, 'prudent');
    await runRoundCommand(combat, GM, { kind: 'startPasses' });

    actAs(player);
    // Aude's first of two actions: not the end of her turn.
    expect(await choosePosture(a, 'defensif')).toBe(false);
    expect(warnings().at(-1)).toBe(
      "La posture ne change qu'à la fin de son propre tour, après avoir agi (Défensif).",
    );
    expect(a.system.posture).toBe('intrepide');

    actAs(gm);
    await runRoundCommand(combat, GM, { kind: 'nextSlot' });
    actAs(player);
    // Her last action: the change is allowed, her budget for this round stays the bold one.
    expect(await choosePosture(a, 'defensif')).toBe(true);
    const state = stateOf(combat);
    expect(state.declarations.cA).toEqual({ posture: 'defensif', thisRound: 'intrepide', turnOver: true });
    expect(state.budgets.cA?.actions).toEqual({ max: 2, used: 1 });
    expect(a.system.posture).toBe('defensif');
    expect(describeSouffleDeclaration(state, 'cA', GM)).toBe('Intrépide → Défensif ●○');
  });

  it('S-P3 an attack is refused once the careful posture spent its one action', async () => {
    const { a, b, combat } = await fight();
    await choosePosture(a, 'intrepide');
    await choosePosture(b, 'prudent');
    await runRoundCommand(combat, GM, { kind: 'startPasses' });
    await runRoundCommand(combat, GM, { kind: 'nextSlot' });
    await runRoundCommand(combat, GM, { kind: 'nextSlot' });
    // Bastien's turn: his one action is available.
    expect(() => checkSouffleAction(stateOf(combat), 'cB', 'attaque')).not.toThrow();
    await runRoundCommand(combat, GM, { kind: 'nextSlot' });
    const state = stateOf(combat);
    expect(() => checkSouffleAction(state, 'cB', 'attaque')).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleNoActionLeft' }),
    );
    // Defence and movement are passive: still allowed (S-R2).
    expect(() => checkSouffleAction(state, 'cB', 'defense')).not.toThrow();

    const before = FakeChatMessage.created.length;
    const messages = await startSouffleAttack(b, 'swordB0000000001', {
      targets: [targetOf(a)],
      skipDialog: true,
    });
    expect(messages).toEqual([]);
    expect(FakeChatMessage.created.length).toBe(before);
    expect(warnings().at(-1)).toBe(
      "Plus assez d'actions en posture Prudent : « Attaque » coûte 1 action courte, il en reste 0. Attendez le round suivant ou choisissez une action moins coûteuse.",
    );
  });

  it('S-P1 the tracker edit button during the actions step changes the posture without new slots', async () => {
    const { a, b, combat } = await fight();
    await choosePosture(a, 'intrepide');
    await choosePosture(b, 'prudent');
    await runRoundCommand(combat, GM, { kind: 'startPasses' });
    await runRoundCommand(combat, GM, { kind: 'nextSlot' });
    await runRoundCommand(combat, GM, { kind: 'nextSlot' });
    // Bastien's one action is current: the GM edits his posture from the tracker.
    const before = stateOf(combat);
    (globalThis as any).foundry.applications.api.DialogV2.responses.push('defensif');
    const declaration = await souffleRoundAdapter.promptDeclaration({
      state: before,
      combatant: before.combatants.cB!,
      readiness: {},
      current: before.declarations.cB,
      gm: true,
    });
    expect(declaration).toBeNull();
    const after = stateOf(combat);
    expect(after.slots).toHaveLength(before.slots.length);
    expect(after.declarations.cB).toEqual({ posture: 'defensif', thisRound: 'prudent', turnOver: true });
    expect(b.system.posture).toBe('defensif');
  });

  it('S-MN3 a fighter knocked out for 2 rounds wakes when the second new round begins', async () => {
    const { a, b, combat } = await fight();
    await b.update({ 'system.assommeRounds': 2 });
    await b.createEmbeddedDocuments('ActiveEffect', [{ name: 'assomme', statuses: ['assomme'] }]);
    // A hand-ticked assommé without a count is left to the GM.
    await a.createEmbeddedDocuments('ActiveEffect', [{ name: 'assomme', statuses: ['assomme'] }]);
    await runRoundCommand(combat, GM, { kind: 'nextRound', force: true });
    expect(combat.round).toBe(2);
    expect(b.system.assommeRounds).toBe(1);
    expect(b.system.toEngine().states).toContain('assomme');
    await runRoundCommand(combat, GM, { kind: 'nextRound', force: true });
    expect(b.system.assommeRounds).toBe(0);
    expect(b.system.toEngine().states).not.toContain('assomme');
    expect(b.statuses.has('assomme')).toBe(false);
    expect(a.system.toEngine().states).toContain('assomme');
  });

  it('S-MN3 a refused new round counts nothing down', async () => {
    const { b, combat } = await fight();
    await b.update({ 'system.assommeRounds': 2 });
    await b.createEmbeddedDocuments('ActiveEffect', [{ name: 'assomme', statuses: ['assomme'] }]);
    await expect(runRoundCommand(combat, GM, { kind: 'nextRound' })).rejects.toMatchObject({
      key: 'PDA.Error.RoundNotFinished',
    });
    expect(b.system.assommeRounds).toBe(2);
  });

  it('S-P1 untrusted declarations are checked before the engine sees them', () => {
    expect(parseSouffleDeclaration({ posture: 'prudent' })).toEqual({ posture: 'prudent' });
    expect(() => parseSouffleDeclaration({ posture: 'furieux' })).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleUnknownPosture' }),
    );
    expect(() => parseSouffleDeclaration({ posture: 'prudent', actions: ['danse'] })).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.Round.BadDeclaration' }),
    );
  });
});
