/**
 * Issue 46, point 11: an English table reads one language and one word per idea. The round's dice
 * whispered to the GM name each ruleset's own dice, Souffle's posture choice uses the posture's
 * own word, and a card's section title reads right in capitals with a French fighter's name.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { declineForcing } from './souffle-forcing';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const WARRIOR = "Gardien du Waka'Hata";
const DREVIN = "Drevin, spécialiste de l'épée longue";

/** The GM's whispered round-dice message (the one that speaks of "the round's dice"). */
const roundDice = (messages: HTMLElement[]): string =>
  text(messages.find((m) => text(m).includes("the round's dice")) ?? null);

describe('an English table reads one language', () => {
  it("S-R3 Souffle in English: the round's dice speak of Souffle's initiative, the posture choice says Cautious as the option does, the defence title reads right", async () => {
    const table = await Table.open({ ruleset: 'souffle', lang: 'en' });
    const { gm } = table;
    const alice = table.seat('Alice');
    const bruno = table.seat('Bruno');
    await table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    await table.placeToken(WARRIOR, 1, 1);
    await table.placeToken('Chasseur', 2, 1);
    await table.startEncounter(WARRIOR, 'Chasseur');
    for (const s of [gm, alice, bruno]) await s.openTracker();
    table.dice.push([12, 9], [12, 4]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);

    const dice = roundDice(gm.messages());
    expect(dice).toContain("Round 1: the round's dice");
    expect(dice).not.toMatch(/DEX|reload/);

    await alice.click('[data-action="pdaDeclare"]', alice.tracker);
    const dialog = text(alice.dialog());
    expect(dialog).toContain('Cautious');
    expect(dialog).toMatch(/bold, cautious or defensive/);
    expect(dialog).not.toContain('careful');
    await alice.answerDialog({}, 'prudent');
    await bruno.click('[data-action="pdaDeclare"]', bruno.tracker);
    await bruno.answerDialog({}, 'prudent');
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);

    await alice.target('Chasseur');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    table.dice.push([10, 3], [12, 8]);
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    await alice.answerDialog({ characteristic: 'vigueur' });
    table.dice.push([10, 6], [10, 2]);
    await declineForcing(table);
    await bruno.press('Dodge', bruno.lastMessage());
    const card = text(bruno.lastMessage());
    // A title shown in capitals: "CHASSEUR'S DEFENCE" put an English possessive on a French name.
    expect(card).toContain('Defence: Chasseur');
    expect(card).not.toContain("Chasseur's");
    expect(table.errors()).toEqual([]);
  });

  it("G-S2 Greyhawk in English: the sealed initiative d10s post no round-dice message (they stay the GM's secret), and no line speaks of Fantasia's DEX ties and reloads", async () => {
    const table = await Table.open({ ruleset: 'greyhawk', lang: 'en' });
    const { gm } = table;
    const created = await table.importAdventure('greyhawk-premier-combat');
    await table.activateScene(created.Scene![0].name);
    await table.startEncounter(DREVIN, 'Kael, archer spécialiste', 'Orque', 'Gnoll');
    await gm.openTracker();
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    // Issue 39: a whispered message with rolls reaches every client, so a sealed order posts none.
    expect(roundDice(gm.messages())).toBe('');
    expect(
      gm
        .messages()
        .map((m) => text(m))
        .join(' '),
    ).not.toMatch(/DEX|reload/);
    expect(table.errors()).toEqual([]);
  });

  it("F-R3 Fantasia in English: the round's dice name the DEX ties, each line written the English way (Basile: 8)", async () => {
    const table = await Table.open({ ruleset: 'fantasia', lang: 'en' });
    const { gm } = table;
    await table.importActor('fantasia-bestiaire', 'Brigand');
    const twin = gm.actor('Brigand').toObject();
    delete twin._id;
    await table.createActor({ ...twin, name: 'Basile' });
    await table.placeToken('Brigand', 1, 1);
    await table.placeToken('Basile', 2, 1);
    await table.startEncounter('Brigand', 'Basile');
    await gm.openTracker();
    table.dice.push([10, 3], [10, 8]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    const dice = roundDice(gm.messages());
    expect(dice).toContain('ties at equal DEX');
    expect(dice).toContain('Basile: 8');
    expect(dice).not.toContain('Basile : 8');
    expect(table.errors()).toEqual([]);
  });
});
