/* eslint-disable @typescript-eslint/no-explicit-any -- reading card state through the fakes */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GREYHAWK_OPTIONS } from '../../src/engine/greyhawk/options';
import { liveActions, snapshotOf } from '../../src/foundry/chat/card';
import { requestCardAction } from '../../src/foundry/chat/card-action';
import { registerFlow } from '../../src/foundry/chat/flow';
import { startAttack } from '../../src/foundry/rulesets/fantasia/cards/start';
import {
  greyhawkCardFlows,
  setGreyhawkOptionsSource,
  startGreyhawkAttack,
} from '../../src/foundry/rulesets/greyhawk/cards';
import { startSouffleAttack, startSouffleGrapple } from '../../src/foundry/rulesets/souffle/cards/start';
import { greyhawkRuleset } from '../../src/foundry/rulesets/greyhawk';
import { catalogueSource } from '../../src/foundry/rulesets/greyhawk/models/items';
import { UNDO_CHANGED, undoConflict } from '../../src/foundry/security/undo';
import { actAs, translations, type FakeUser } from '../fakes/foundry';
import * as chat from '../foundry/chat/helpers';
import * as souffle from '../foundry/souffle/helpers';

const g = globalThis as any;
const FR = () => JSON.parse(readFileSync('lang/fr.json', 'utf8'));

async function act(actionId: string, as: FakeUser, message: () => { id: string }) {
  actAs(as);
  const result = await requestCardAction(message().id, actionId);
  actAs(as);
  return result;
}

/** The undo button as `user` sees it now (the render hook's live view). */
function liveUndo(message: unknown, user: FakeUser) {
  return liveActions(message as never, user as never).get('undo');
}

describe('undo compares what the action wrote with the target now', () => {
  it('compares leaf by leaf and names the first changed field', () => {
    expect(undoConflict({ pv: { value: 4, max: 10 }, x: 1 }, { pv: { value: 4 } })).toBeUndefined();
    expect(undoConflict({ pv: { value: 7 } }, { pv: { value: 4 } })).toEqual({
      field: 'pv.value',
      now: '7',
      wrote: '4',
    });
    // Arrays are compared whole: a wound healed since is a change.
    expect(undoConflict({ wounds: [1] }, { wounds: [1, 2] })?.field).toBe('wounds');
    // A value the action wrote that is gone now is a change too.
    expect(undoConflict({}, { states: { agrippe: true } })?.field).toBe('states.agrippe');
  });

  it('Fantasia: a heal since (the PV would pass the maximum) disables the undo with a reason and the click is refused; a later wound stands and the undo gives back only its own cut (issue 45)', async () => {
    const { gm, player, other } = chat.chatWorld();
    translations.data = FR();
    const aldo = chat.fighter({ name: 'Aldo', owner: player, skills: { armesDeMelee: 60 } });
    const brute = chat.fighter({ name: 'Brute', owner: other, armour: 0, pv: 14 });
    actAs(player);
    chat.dice(30);
    await startAttack(aldo as never, 'epeeLongue', { targets: [chat.targetOf(brute)], skipDialog: true });
    chat.dice(99, 4);
    expect((await act('parry.epeeLongue', other, chat.lastMessage)).ok).toBe(true);
    expect((await act('apply', gm, chat.lastMessage)).ok).toBe(true);
    const hurt = brute.system.pv.value;
    expect(hurt).toBeLessThan(14);
    expect(liveUndo(chat.lastMessage(), gm)).toMatchObject({ enabled: true });

    // The GM heals Brute to his maximum by hand: giving the cut back would pass it.
    const max = (brute as any).engineView().pv.max as number;
    actAs(gm);
    await brute.update({ 'system.pv.value': max });
    const undo = liveUndo(chat.lastMessage(), gm);
    expect(undo?.enabled).toBe(false);
    expect(undo?.reason).toContain('Annulation impossible');
    expect(undo?.reason).toContain('Brute');
    const refused = await act('undo', gm, chat.lastMessage);
    expect(refused).toMatchObject({ ok: false, key: UNDO_CHANGED });
    expect(brute.system.pv.value).toBe(max);
    expect(snapshotOf(chat.lastMessage() as never).step).toBe('applied');

    // Another card (or the GM by hand) dealt 3 more damage afterwards: that wound stands.
    await brute.update({ 'system.pv.value': hurt - 3 });
    expect((await act('undo', gm, chat.lastMessage)).ok).toBe(true);
    expect(brute.system.pv.value).toBe(14 - 3);
  });

  it('Souffle attack: a wound healed after the apply blocks the undo', async () => {
    const { gm, player, other } = souffle.souffleWorld();
    translations.data = FR();
    const a = await souffle.souffleFighter({
      name: 'Gardien',
      owner: player,
      geste: 2,
      vigueur: 3,
      metiers: [{ name: 'Gardien', level: 4 }],
      weapons: [{ id: 'sword00000000001', name: 'Épée longue', ...souffle.LONG_SWORD }],
    });
    const d = await souffle.souffleFighter({
      name: 'Chasseur',
      owner: other,
      defense: 1,
      souffle: 0,
      pv: 10,
    });
    actAs(player);
    souffle.dice(1, 7);
    await startSouffleAttack(a, 'sword00000000001', { targets: [souffle.targetOf(d)], skipDialog: true });
    // S-AT2 (issue 46): the defence waits until the attacker forces no more.
    expect((await act('noForce', player, souffle.lastMessage)).ok).toBe(true);
    souffle.dice(1);
    expect((await act('esquive', other, souffle.lastMessage)).ok).toBe(true);
    expect((await act('apply', gm, souffle.lastMessage)).ok).toBe(true);
    const pv = d.system.pv.value as number;
    expect(pv).toBeLessThan(10);
    expect(liveUndo(souffle.lastMessage(), gm)?.enabled).toBe(true);

    // The GM heals the wound by hand: undoing now would write the old values over the healing.
    actAs(gm);
    await d.update({ 'system.pv.value': 10, 'system.wounds': [] });
    const undo = liveUndo(souffle.lastMessage(), gm);
    expect(undo?.enabled).toBe(false);
    expect(undo?.reason).toContain('Chasseur');
    const refused = await act('undo', gm, souffle.lastMessage);
    expect(refused).toMatchObject({ ok: false, key: UNDO_CHANGED });
    expect(d.system.pv.value).toBe(10);
  });

  it('Souffle grapple: the hold released elsewhere blocks the undo of the hold', async () => {
    const { gm, player, other } = souffle.souffleWorld();
    translations.data = FR();
    const a = await souffle.souffleFighter({ name: 'Lutteur', owner: player, vigueur: 3 });
    const d = await souffle.souffleFighter({ name: 'Chasseur', owner: other, vigueur: 1, pv: 10 });
    actAs(player);
    souffle.dice(2, 3);
    await startSouffleGrapple(a, souffle.targetOf(d));
    expect((await act('apply', gm, souffle.lastMessage)).ok).toBe(true);
    expect(d.statuses.has('agrippe')).toBe(true);
    actAs(gm);
    await d.update({ 'system.pv.value': 6 }); // later damage from another card
    const refused = await act('undo', gm, souffle.lastMessage);
    expect(refused).toMatchObject({ ok: false, key: UNDO_CHANGED });
    expect(d.statuses.has('agrippe')).toBe(true);
    expect(d.system.pv.value).toBe(6);
  });

  it('Greyhawk: later damage after the apply blocks the undo; nothing is written', async () => {
    const { gm, player, other } = chat.chatWorld();
    translations.data = FR();
    Object.assign(g.CONFIG.Actor.dataModels, greyhawkRuleset.actorModels);
    Object.assign(g.CONFIG.Item.dataModels, greyhawkRuleset.itemModels);
    for (const flow of greyhawkCardFlows) registerFlow(flow as never);
    setGreyhawkOptionsSource(() => DEFAULT_GREYHAWK_OPTIONS);
    const make = async (name: string, owner: FakeUser, hp: number) => {
      const Actor = g.CONFIG.Actor.documentClass;
      const actor = new Actor({
        name,
        type: 'guerrier-adnd',
        ownerIds: [owner.id],
        system: {
          abilities: { str: 16, strPercent: 0, dex: 14, int: 12 },
          classes: [{ cls: 'fighter', level: 5 }],
          proficiencies: ['longSword'],
          hp: { value: hp, max: hp },
          ac: 5,
        },
      });
      await actor.createEmbeddedDocuments('Item', [
        { name: 'Arme', type: 'arme-adnd', system: { ...catalogueSource('longSword'), equipped: true } },
      ]);
      g.game.actors.set(actor.id, actor);
      return actor;
    };
    const gord = await make('Gord', player, 30);
    const brute = await make('Brute', other, 20);
    actAs(player);
    chat.dice(15, 6);
    await startGreyhawkAttack(gord, [...gord.items.values()][0].id, {
      targets: [{ actorUuid: brute.uuid, tokenUuid: '', name: brute.name }],
      skipDialog: true,
      choices: {},
    });
    expect((await act('apply', gm, chat.lastMessage)).ok).toBe(true);
    const hp = brute.system.hp.value as number;
    expect(hp).toBeLessThan(20);
    actAs(gm);
    await brute.update({ 'system.hp.value': hp - 2 });
    const undo = liveUndo(chat.lastMessage(), gm);
    expect(undo?.enabled).toBe(false);
    expect(undo?.reason).toContain('Brute');
    const refused = await act('undo', gm, chat.lastMessage);
    expect(refused).toMatchObject({ ok: false, key: UNDO_CHANGED });
    expect(brute.system.hp.value).toBe(hp - 2);
    // Back to the applied value, the undo restores the 20 HP.
    await brute.update({ 'system.hp.value': hp });
    expect((await act('undo', gm, chat.lastMessage)).ok).toBe(true);
    expect(brute.system.hp.value).toBe(20);
  });
});
