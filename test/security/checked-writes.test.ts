/**
 * Writes checked before any is made (issue 12): an action whose writes would not all land (a
 * change a document's data model refuses, a document gone, a compendium entry) is refused whole
 * with a localized reason: no document and not the card changes.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the single-client fake */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCard, makeEnv, snapshotOf } from '../../src/foundry/chat/card';
import { requestCardAction } from '../../src/foundry/chat/card-action';
import { registerFlow, type CardSnapshot, type DocumentWrite } from '../../src/foundry/chat/flow';
import { fantasiaActorModels } from '../../src/foundry/rulesets/fantasia/models/actors';
import { actAs, type FakeUser } from '../fakes/foundry';
import * as chat from '../foundry/chat/helpers';

const g = globalThis as any;
let gm: FakeUser;
let writes: () => DocumentWrite[] = () => [];

beforeEach(() => {
  ({ gm } = chat.chatWorld());
  // The actors carry Fantasia's real data model, which refuses a PV that is not a number.
  Object.assign(g.CONFIG.Actor.dataModels, fantasiaActorModels);
  registerFlow({
    id: 'test.twoWrites',
    ruleset: 'fantasia',
    actions: (card) =>
      card.step === 'open'
        ? [{ id: 'go', label: { key: 'PDA.Chat.Action.Apply' }, owners: [], enabled: true }]
        : [],
    perform: async () => ({ step: 'done', state: {}, writes: writes() }),
    context: () => ({ title: 'Test', sections: [] }),
  });
});

async function card(): Promise<any> {
  actAs(gm);
  const snapshot: CardSnapshot = {
    ruleset: 'fantasia',
    flow: 'test.twoWrites',
    step: 'open',
    revision: 0,
    actorUuid: '',
    tokenUuid: '',
    itemId: '',
    targets: [],
    combatId: '',
    round: 0,
    state: {},
  };
  return createCard(snapshot, makeEnv(gm as never));
}

describe('every write is checked before the first is made', () => {
  it('a second write the data model refuses: the first actor keeps its PV, the card its step', async () => {
    const a = chat.fighter({ name: 'Aldo', pv: 10 });
    const b = chat.fighter({ name: 'Brute', pv: 8 });
    writes = () => [
      { uuid: a.uuid, update: { 'system.pv.value': 3 } },
      { uuid: b.uuid, update: { 'system.pv.value': 'beaucoup' } },
    ];
    const message = await card();
    const result = await requestCardAction(message.id, 'go');
    expect(result).toMatchObject({ ok: false, key: 'PDA.Error.WriteInvalid', data: { name: 'Brute' } });
    expect(a.system.pv.value).toBe(10);
    expect(b.system.pv.value).toBe(8);
    expect(snapshotOf(message).step).toBe('open');
    expect(snapshotOf(message).revision).toBe(0);
    // The refusal is localized in both languages and names the document.
    for (const lang of ['fr', 'en']) {
      const messages = JSON.parse(readFileSync(`lang/${lang}.json`, 'utf8'));
      expect(messages.PDA.Error.WriteInvalid).toContain('{name}');
    }
  });

  it('a write to a deleted actor: refused, the other actor untouched', async () => {
    const a = chat.fighter({ name: 'Aldo', pv: 10 });
    writes = () => [
      { uuid: a.uuid, update: { 'system.pv.value': 3 } },
      { uuid: 'Actor.gone000000000000', update: { 'system.pv.value': 1 } },
    ];
    const message = await card();
    const result = await requestCardAction(message.id, 'go');
    expect(result).toMatchObject({ ok: false, key: 'PDA.Chat.Gone.Document' });
    expect(a.system.pv.value).toBe(10);
    expect(snapshotOf(message).revision).toBe(0);
  });

  it('a write to a compendium entry: refused as locked, nothing written', async () => {
    const a = chat.fighter({ name: 'Aldo', pv: 10 });
    const locked = chat.fighter({ name: 'Modèle', pv: 9 });
    (locked as any).pack = 'passe-d-armes.fantasia-bestiaire';
    writes = () => [
      { uuid: a.uuid, update: { 'system.pv.value': 3 } },
      { uuid: locked.uuid, update: { 'system.pv.value': 1 } },
    ];
    const message = await card();
    const result = await requestCardAction(message.id, 'go');
    expect(result).toMatchObject({ ok: false, key: 'PDA.Error.WriteLocked', data: { name: 'Modèle' } });
    expect(a.system.pv.value).toBe(10);
    expect(locked.system.pv.value).toBe(9);
  });

  it('valid writes land, both of them, and the card moves on once', async () => {
    const a = chat.fighter({ name: 'Aldo', pv: 10 });
    const b = chat.fighter({ name: 'Brute', pv: 8 });
    writes = () => [
      { uuid: a.uuid, update: { 'system.pv.value': 3 } },
      { uuid: b.uuid, update: { 'system.pv.value': 4 } },
    ];
    const message = await card();
    expect((await requestCardAction(message.id, 'go')).ok).toBe(true);
    expect([a.system.pv.value, b.system.pv.value]).toEqual([3, 4]);
    expect(snapshotOf(message)).toMatchObject({ step: 'done', revision: 1 });
    expect(snapshotOf(message).journal).toBeUndefined();
  });
});
