/**
 * Red team, round 4 (issue 42), Souffle: Bruno plays the hunter (and Alice the warrior) at the
 * browser console. Each attack is his raw calls; each assertion is what the GM's side holds after.
 */
import { describe, expect, it } from 'vitest';
import { nextSlots, souffleDuel, souffleRound, text, WARRIOR } from '../table/souffle-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

type Duel = Awaited<ReturnType<typeof souffleDuel>>;

async function request(seat: Duel['alice'], table: Duel['table'], id: string, name: string, data: object) {
  await seat.user.update({ [`flags.passe-d-armes.requests.${id}`]: { name, data } });
  await table.settle();
  return seat.user.flags['passe-d-armes']?.answers?.[id];
}

/** The GM puts a status on the hunter (the token HUD). */
async function gmStatus(duel: Duel, status: string) {
  await duel.gm.actor('Chasseur').toggleStatusEffect(status, { active: true });
  await duel.table.settle();
}

const effectOf = (seat: Duel['bruno'], status: string) =>
  seat.actor('Chasseur').effects.find((e: any) => [...(e.statuses ?? [])].includes(status));

const gmHunterStatuses = (duel: Duel): string[] => [...duel.gm.actor('Chasseur').statuses];

describe('attack4 Souffle: a grabbed fighter walks away', () => {
  it('A4-S01 S-GR1 Bruno deletes "agrippé" and moves his raw token in the same tick: the token stays and the effect is back', async () => {
    const duel = await souffleDuel();
    await gmStatus(duel, 'agrippe');
    const token = duel.bruno.token('Chasseur').document;
    const [x, y] = [token.x, token.y];
    (duel.bruno.client as any).hooks.delete('preUpdateToken');
    (duel.bruno.client as any).hooks.delete('preDeleteActiveEffect');
    const effect = effectOf(duel.bruno, 'agrippe');
    const a = effect.parent.deleteEmbeddedDocuments('ActiveEffect', [effect.id]).catch(() => null);
    const b = token.update({ x: x + 600 }).catch(() => null);
    await Promise.all([a, b]);
    await duel.table.settle();
    const gmToken = duel.gm.token('Chasseur').document;
    expect(gmHunterStatuses(duel)).toContain('agrippe');
    expect([gmToken.x, gmToken.y]).toEqual([x, y]);
  });

  it('A4-S02 S-GR1 the GM reloads the page; Bruno then drags his grabbed hunter away raw: the token is put back', async () => {
    const duel = await souffleDuel();
    await gmStatus(duel, 'agrippe');
    const gm = await duel.table.reload('MJ');
    const token = duel.bruno.token('Chasseur').document;
    const [x, y] = [token.x, token.y];
    (duel.bruno.client as any).hooks.delete('preUpdateToken');
    await token.update({ x: x + 600 });
    await duel.table.settle();
    expect([gm.token('Chasseur').document.x, gm.token('Chasseur').document.y]).toEqual([x, y]);
  });

  it('A4-S03 S-GR1 Bruno moves his grabbed hunter in two raw steps in one tick: the token ends where it was', async () => {
    const duel = await souffleDuel();
    await gmStatus(duel, 'agrippe');
    const token = duel.bruno.token('Chasseur').document;
    const [x, y] = [token.x, token.y];
    (duel.bruno.client as any).hooks.delete('preUpdateToken');
    await Promise.all([token.update({ x: x + 300 }), token.update({ x: x + 600, y: y + 300 })]);
    await duel.table.settle();
    const gmToken = duel.gm.token('Chasseur').document;
    expect([gmToken.x, gmToken.y]).toEqual([x, y]);
  });

  it('A4-S04 S-GR1 Bruno rewrites his "agrippé" effect into a harmless one (statuses emptied, renamed): it is written back', async () => {
    const duel = await souffleDuel();
    await gmStatus(duel, 'agrippe');
    (duel.bruno.client as any).hooks.delete('preUpdateActiveEffect');
    const effect = effectOf(duel.bruno, 'agrippe');
    await effect.update({ statuses: [], name: 'rien', disabled: true }).catch(() => null);
    await duel.table.settle();
    expect(gmHunterStatuses(duel)).toContain('agrippe');
  });

  it('A4-S05 S-GR1 Bruno deletes every effect of his hunter in one call (a plain one with the binding one): the binding one is back', async () => {
    const duel = await souffleDuel();
    await gmStatus(duel, 'agrippe');
    await gmStatus(duel, 'desarme');
    const hunter = duel.bruno.actor('Chasseur');
    await hunter.createEmbeddedDocuments('ActiveEffect', [{ name: 'Bénédiction', statuses: [] }]);
    await duel.table.settle();
    for (const h of ['preDeleteActiveEffect']) (duel.bruno.client as any).hooks.delete(h);
    const ids = hunter.effects.contents.map((e: any) => e.id);
    await hunter.deleteEmbeddedDocuments('ActiveEffect', ids).catch(() => null);
    await duel.table.settle();
    expect(gmHunterStatuses(duel)).toEqual(expect.arrayContaining(['agrippe', 'desarme']));
  });
});

describe('attack4 Souffle: a knock-out cut short', () => {
  it('A4-S06 S-MN3 the warrior is knocked out for 3 rounds; Alice writes assommeRounds 1 on her actor: she is still out after the next round starts', async () => {
    const knockedOut = async (gmRounds: number, aliceRounds?: number) => {
      const duel = await souffleRound(['intrepide', 'prudent']);
      const { gm, alice, table } = duel;
      const warrior = gm.actor(WARRIOR);
      await warrior.update({ 'system.assommeRounds': gmRounds });
      await warrior.toggleStatusEffect('assomme', { active: true });
      await table.settle();
      if (aliceRounds !== undefined) {
        await alice.actor(WARRIOR).update({ 'system.assommeRounds': aliceRounds });
        await table.settle();
      }
      await nextSlots(gm, 3);
      await gm.click('[data-action="pdaNextRound"]', gm.tracker);
      const start = gm.tracker.querySelector('[data-action="pdaStartPasses"]');
      if (start) await gm.click(start);
      return [...gm.actor(WARRIOR).statuses].includes('assomme');
    };
    // What the count means: a GM-written count of 1 ends with the next round.
    expect(await knockedOut(1)).toBe(false);
    expect(await knockedOut(3, 1)).toBe(true);
  });
});

describe('attack4 Souffle: a forged held-card read by the GM', () => {
  it('A4-S07 S-GR1 Bruno posts a look-alike "held" grapple card naming Alice’s warrior as holder of his grabbed hunter: Alice’s sword attack still opens', async () => {
    const duel = await souffleDuel();
    await gmStatus(duel, 'agrippe');
    const Message = duel.bruno.client.CONFIG.ChatMessage.documentClass;
    await Message.create({
      type: 'carte',
      content: '<p>prise</p>',
      system: {
        ruleset: 'souffle',
        flow: 'souffle.grapple',
        step: 'held',
        actorUuid: duel.bruno.actor(WARRIOR).uuid,
        targets: [{ actorUuid: duel.bruno.actor('Chasseur').uuid, tokenUuid: '', name: 'Chasseur' }],
      },
    });
    await duel.table.settle();
    const count = duel.gm.game.messages.size;
    await duel.alice.target('Chasseur');
    const sheet = await duel.alice.openSheet(duel.alice.actor(WARRIOR));
    await duel.alice.click(sheet.querySelector('[data-action="attack"]')!);
    duel.table.dice.push([10, 1], [12, 7]);
    await duel.alice.answerDialog({ characteristic: 'vigueur' });
    // Without a GM-written hold, the warrior is no holder: her sword attack is a card, not a refusal.
    expect(duel.alice.warnings).toEqual([]);
    expect(duel.gm.game.messages.size).toBe(count + 1);
    expect(text(duel.gm.lastMessage())).toContain('attaque avec Épée longue contre Chasseur');
  });
});

describe('attack4 Souffle: the aim and the posture', () => {
  it('A4-S08 S-AT7 Alice creates a plain effect, then updates it to carry "visé": it is removed by the GM', async () => {
    const duel = await souffleDuel();
    const warrior = duel.alice.actor(WARRIOR);
    const [effect] = await warrior.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Concentration', statuses: [] },
    ]);
    await duel.table.settle();
    (duel.alice.client as any).hooks.delete('preUpdateActiveEffect');
    await effect.update({ statuses: ['vise'] }).catch(() => null);
    await duel.table.settle();
    expect([...duel.gm.actor(WARRIOR).statuses]).not.toContain('vise');
  });

  it('A4-S09 S-AT7 Alice creates "visé" inside an actor update that carries its effects: the GM holds no aim', async () => {
    const duel = await souffleDuel();
    const warrior = duel.alice.actor(WARRIOR);
    await warrior
      .update({ effects: [{ _id: 'aim0000000000001', name: 'Visée', statuses: ['vise'] }] })
      .catch(() => null);
    await duel.table.settle();
    expect([...duel.gm.actor(WARRIOR).statuses]).not.toContain('vise');
  });

  it('A4-S10 S-P1 Alice, declared prudente, puts a posture badge effect "défensif" on her warrior: the round still reads prudente', async () => {
    const duel = await souffleRound(['prudent', 'intrepide']);
    const warrior = duel.alice.actor(WARRIOR);
    await warrior.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Défensif', statuses: ['defensif', 'posture-defensif', 'souffle-defensif'] },
    ]);
    await warrior.update({ 'system.posture': 'defensif' });
    await duel.table.settle();
    expect(text(duel.gm.tracker)).toMatch(/Gardien du Waka'Hata[^]*Prudent/);
    expect(text(duel.gm.tracker)).not.toMatch(/Gardien du Waka'Hata[^]*Défensif/);
  });

  it('A4-S11 S-P1 Alice asks to change her posture during the hunter’s turn (not her own): refused, the round keeps prudente', async () => {
    const duel = await souffleRound(['prudent', 'intrepide']);
    await nextSlots(duel.gm, 1);
    const combat = duel.gm.game.combat;
    const mine = combat.combatants.find((c: any) => c.name === WARRIOR);
    const before = JSON.stringify(combat.system.sealed);
    const answer = await request(duel.alice, duel.table, 'post1', 'souffle.posture', {
      combatId: combat.id,
      combatantId: mine.id,
      posture: 'defensif',
    });
    expect(answer?.ok).not.toBe(true);
    expect(JSON.stringify(duel.gm.game.combat.system.sealed)).toBe(before);
  });

  it('A4-S12 S-P1 Alice declares the posture of Bruno’s hunter: refused, nothing changes', async () => {
    const duel = await souffleRound(null);
    const combat = duel.gm.game.combat;
    const hunter = combat.combatants.find((c: any) => c.name === 'Chasseur');
    const before = JSON.stringify(combat.system.sealed);
    const answer = await request(duel.alice, duel.table, 'post2', 'souffle.posture', {
      combatId: combat.id,
      combatantId: hunter.id,
      posture: 'defensif',
    });
    expect(answer?.ok).not.toBe(true);
    expect(JSON.stringify(duel.gm.game.combat.system.sealed)).toBe(before);
  });
});

describe('attack4 Souffle: the opportunity blow and the budget', () => {
  it('A4-S13 S-AT6 Bruno switches off every token hook of his client and steps out of reach: the GM still posts the opportunity card', async () => {
    const duel = await souffleRound(['intrepide', 'prudent']);
    await duel.gm.token('Chasseur').document.update({ disposition: -1 });
    await duel.table.settle();
    const before = duel.alice.messages().length;
    for (const h of ['preUpdateToken', 'updateToken']) (duel.bruno.client as any).hooks.delete(h);
    await duel.bruno.token('Chasseur').document.update({ x: 500 });
    await duel.table.settle();
    const posted = duel.alice.messages().slice(before).map(text);
    expect(posted.some((t) => t.includes("Attaque d'opportunité contre Chasseur"))).toBe(true);
  });

  it('A4-S19 S-AT6 Bruno turns his hostile hunter’s token friendly (its disposition) from the console, then steps out of reach: the opportunity card is still posted', async () => {
    const duel = await souffleRound(['intrepide', 'prudent']);
    await duel.gm.token('Chasseur').document.update({ disposition: -1 });
    await duel.table.settle();
    const token = duel.bruno.token('Chasseur').document;
    await token.update({ disposition: 1 }).catch(() => null);
    await duel.table.settle();
    const before = duel.alice.messages().length;
    await token.update({ x: 500 });
    await duel.table.settle();
    const posted = duel.alice.messages().slice(before).map(text);
    expect(posted.some((t) => t.includes("Attaque d'opportunité contre Chasseur"))).toBe(true);
  });

  it('A4-S14 S-R1 Alice sends the same action request twice in one write burst: one action is spent, not a free second', async () => {
    const duel = await souffleRound(['intrepide', 'prudent']);
    const combat = duel.gm.game.combat;
    const mine = combat.combatants.find((c: any) => c.name === WARRIOR);
    const data = { combatId: combat.id, combatantId: mine.id, action: 'attaque' };
    await Promise.all([
      duel.alice.user.update({ 'flags.passe-d-armes.requests.act1': { name: 'souffle.action', data } }),
      duel.alice.user.update({ 'flags.passe-d-armes.requests.act2': { name: 'souffle.action', data } }),
      duel.alice.user.update({ 'flags.passe-d-armes.requests.act3': { name: 'souffle.action', data } }),
    ]);
    await duel.table.settle();
    const budget = JSON.parse(duel.gm.game.combat.system.sealed.budgets[mine.id]);
    expect(budget.actions.used).toBeLessThanOrEqual(budget.actions.max);
  });
});

describe('attack4 Souffle: cards and targets', () => {
  it('A4-S15 S-AT1 Alice attacks the hunter named by his actor alone while his only token is hidden: refused, nothing posted', async () => {
    const duel = await souffleDuel();
    await duel.gm.token('Chasseur').document.update({ hidden: true });
    await duel.table.settle();
    const warrior = duel.alice.actor(WARRIOR);
    const count = duel.table.server.world.messages.size;
    const answer = await request(duel.alice, duel.table, 'hid1', 'souffle.open', {
      flow: 'souffle.attack',
      actorUuid: warrior.uuid,
      itemId: warrior.items.contents[0].id,
      targets: [{ actorUuid: duel.gm.actor('Chasseur').uuid }],
      mode: 'public',
      choices: { characteristic: 'vigueur', metier: 4, aim: '', context: 0 },
    });
    expect(answer?.ok).not.toBe(true);
    expect(duel.table.server.world.messages.size).toBe(count);
  });

  it('A4-S16 S-GR1 Alice opens a grapple on the hunter naming his visible actor with another actor’s token: refused', async () => {
    const duel = await souffleDuel();
    const warrior = duel.alice.actor(WARRIOR);
    const count = duel.table.server.world.messages.size;
    const answer = await request(duel.alice, duel.table, 'tok1', 'souffle.open', {
      flow: 'souffle.grapple',
      actorUuid: warrior.uuid,
      itemId: '',
      targets: [
        { actorUuid: duel.gm.actor('Chasseur').uuid, tokenUuid: duel.gm.token(WARRIOR).document.uuid },
      ],
      mode: 'public',
      choices: {},
    });
    expect(answer?.ok).not.toBe(true);
    expect(duel.table.server.world.messages.size).toBe(count);
  });

  it('A4-S17 Alice posts a Souffle card with a pending journal that kills the hunter; the GM reloads: nothing lands', async () => {
    const duel = await souffleDuel();
    const hunter = duel.alice.actor('Chasseur');
    const pv = duel.gm.actor('Chasseur').system.pv.value;
    await duel.alice.client.CONFIG.ChatMessage.documentClass.create({
      type: 'carte',
      content: '<p>carte</p>',
      system: {
        ruleset: 'souffle',
        flow: 'souffle.attack',
        step: 'defended',
        revision: 2,
        actorUuid: duel.alice.actor(WARRIOR).uuid,
        journal: {
          revision: 2,
          owners: [],
          writes: [
            {
              uuid: hunter.uuid,
              update: { system: { pv: { value: 0 } } },
              from: { system: { pv: { value: pv } } },
            },
            {
              uuid: hunter.uuid,
              update: {},
              statuses: { assomme: { name: 'Assommé', statuses: ['assomme'] } },
            },
          ],
        },
      },
    });
    await duel.table.settle();
    const gm = await duel.table.reload('MJ');
    await duel.table.settle();
    expect(gm.actor('Chasseur').system.pv.value).toBe(pv);
    expect([...gm.actor('Chasseur').statuses]).not.toContain('assomme');
  });

  it('A4-S18 Alice names her warrior with markup and presses to attack: no element of her making in the GM’s chat or tracker', async () => {
    const duel = await souffleRound(['intrepide', 'prudent']);
    const evil = '<img src=x id="pwn-s" onerror="1">Gardienne';
    const mine = duel.alice.actor(WARRIOR);
    await mine.items.contents[0].update({ name: '<b id="pwn-s2">Lame</b>' });
    await mine.update({ name: evil });
    await duel.alice.token(WARRIOR).document.update({ name: '<i id="pwn-s3">tok</i>' });
    await duel.table.settle();
    await duel.alice.target('Chasseur');
    const sheet = await duel.alice.openSheet(duel.alice.actor(evil));
    await duel.alice.click(sheet.querySelector('[data-action="attack"]')!);
    duel.table.dice.push([10, 1], [12, 7]);
    await duel.alice.answerDialog({ characteristic: 'vigueur' });
    await duel.gm.openTracker();
    for (const id of ['pwn-s', 'pwn-s2', 'pwn-s3']) expect(duel.gm.dom.getElementById(id)).toBeNull();
    for (const b of duel.gm.dom.querySelectorAll('[data-tooltip]'))
      expect(b.getAttribute('data-tooltip')).not.toMatch(/<(img|b|i) id="pwn/);
  });
});
