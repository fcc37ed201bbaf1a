/**
 * Issue 16's round: an intrépide fighter aims then attacks (two short actions), a prudent one
 * tries to grapple, a third is shot at from 55 m with the distance taken from the tokens.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { declineForcing } from './souffle-forcing';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const WARRIOR = "Gardien du Waka'Hata";

/** A GM fighter: human size, one equipped dagger (one hand), défense 2. */
function npc(name: string) {
  return {
    name,
    type: 'combattant',
    system: {
      geste: 2,
      vigueur: 2,
      acuite: 2,
      defense: 2,
      initiative: 2,
      metiers: [{ name: 'Brigand', level: 1 }],
    },
    items: [
      {
        name: 'Dague',
        type: 'arme-souffle',
        system: { catalogue: 'dague', category: 'legere', advantage: 1, damage: 1, hands: 1, equipped: true },
      },
    ],
  };
}

describe('a Souffle round: aim then strike, a grapple refused, a shot from 55 m', () => {
  let table: Table;
  let gm: Seat;
  let alice: Seat;
  let bruno: Seat;

  const combatantId = (name: string): string =>
    gm.game.combat.combatants.find((c: { name: string }) => c.name === name).id;

  beforeAll(async () => {
    table = await Table.open({ ruleset: 'souffle' });
    gm = table.gm;
    alice = table.seat('Alice');
    bruno = table.seat('Bruno');
    await table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    await table.createActor(npc('Brigand'));
    await table.createActor(npc('Sentinelle'));
    await table.placeToken(WARRIOR, 1, 1);
    await table.placeToken('Brigand', 2, 1);
    await table.placeToken('Chasseur', 3, 4);
    // 37 squares of 1.5 m: 55.5 m between the hunter and the sentinel.
    await table.placeToken('Sentinelle', 40, 4);
    await table.startEncounter(WARRIOR, 'Chasseur', 'Brigand', 'Sentinelle');
    for (const s of [gm, alice, bruno]) await s.openTracker();
    table.dice.push([12, 10], [12, 8], [12, 6], [12, 3]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    await alice.click('[data-action="pdaDeclare"]', alice.tracker);
    await alice.answerDialog({}, 'intrepide');
    await bruno.click('[data-action="pdaDeclare"]', bruno.tracker);
    await bruno.answerDialog({}, 'prudent');
    for (const name of ['Brigand', 'Sentinelle']) {
      await gm.click(`[data-action="pdaDeclare"][data-combatant-id="${combatantId(name)}"]`, gm.tracker);
      await gm.answerDialog({}, 'prudent');
    }
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
  });

  it('S-AT7 the intrépide warrior aims (a short action of its own): the aim card, one pip spent', async () => {
    await alice.target('Brigand');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="aim"]')!);
    await alice.answerDialog({}, 'viser');
    const card = text(alice.lastMessage());
    expect(card).toContain("Gardien du Waka'Hata se prépare");
    expect(card).toContain('contre Brigand');
    // Issue 46: the aim's card has nothing to answer: its slot closed itself, the second is current.
    expect(text(gm.tracker)).toContain(
      "10 Gardien du Waka'Hata Viser Fait Intrépide ●○ 10 Gardien du Waka'Hata Action courte En cours",
    );
  });

  it('S-AT7 then strikes with the aim: +1 (level 8 → 9, 2d12 keep best), the second short action spent', async () => {
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    // The dialog offers the prepared aim only, already selected.
    const aims = [...alice.dialog().querySelectorAll<HTMLOptionElement>('[name="aim"] option')];
    expect(aims.map((o) => [o.value, o.selected])).toEqual([
      ['', false],
      ['viser', true],
    ]);
    table.dice.push([12, 3], [12, 8]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    const card = text(alice.lastMessage());
    expect(card).toContain("Niveau d'avantage +9");
    expect(card).toContain('le meilleur de 2d12 : 3, [8]');
    // 8 + 3 (long sword) = 11.
    expect(card).toContain('Dégâts potentiels 11');
    expect(text(gm.tracker)).toContain(
      "Gardien du Waka'Hata Viser Fait Intrépide ●● 10 Gardien du Waka'Hata Attaque En cours",
    );
    // The aim is used up: the next attack would have none to offer.
    expect(alice.actor(WARRIOR).getFlag('passe-d-armes', 'souffleAim')).toBeFalsy();
  });

  it('S-GR1 the prudent brigand tries to grapple the warrior: a long action needs two short actions, refused, nothing spent', async () => {
    await gm.target(WARRIOR);
    const sheet = await gm.openSheet(gm.actor('Brigand'));
    const before = gm.messages().length;
    await gm.click(sheet.querySelector('[data-action="grapple"]')!);
    expect(gm.messages().length).toBe(before);
    expect(gm.warnings.at(-1)).toBe(
      "Plus assez d'actions en posture Prudent : « Lutte (prise) » coûte 2 actions courtes, il en reste 1. Attendez le round suivant ou choisissez une action moins coûteuse.",
    );
    expect(text(gm.tracker)).toContain('6 Brigand Action courte En attente Prudent ○');
    expect(alice.actor(WARRIOR).statuses.has('agrippe')).toBe(false);
  });

  it('S-AT5 the hunter shoots the sentinel 55.5 m away, measured on the scene: +3, less métier 3, defends at 0', async () => {
    // The warrior's two slots are closed (the aim's closed itself, issue 46): the hunter's turn.
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await bruno.target('Sentinelle');
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    const bow = bruno.actor('Chasseur').items.getName('Arc court').id;
    await bruno.click(sheet.querySelector(`[data-item-id="${bow}"] [data-action="attack"]`)!);
    table.dice.push([10, 5]);
    await bruno.answerDialog({ characteristic: 'acuite' });
    const card = text(bruno.lastMessage());
    expect(card).toContain('Distance du tir 55.5 m');
    expect(card).toContain('Dégâts potentiels 12');
    expect(text(gm.tracker)).toContain('8 Chasseur Attaque En cours Prudent ●');
    table.dice.push([10, 6], [10, 2]);
    await declineForcing(table);
    await gm.press('Esquiver');
    const defence = text(gm.lastMessage());
    expect(defence).toMatch(/Défense Esquiver S-DF1 Niveau d'avantage 0/);
    // 12 − 2 (worse of 2d10) − 2 (défense) − 1 (½ métier 1, rounded up) = 7.
    expect(defence).toContain('12 − 2 − 2 − 1 = 7');
    expect(table.errors()).toEqual([]);
  });
});
