/** Rule IDs where they are cited: a tooltip with the rule's summary, a click opens its page. */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, brigandShootsBretteur, itemId, text } from './fantasia-table';

async function crossbowCard(lang: 'fr' | 'en') {
  const table = await Table.open({ ruleset: 'fantasia', lang });
  await table.importActor('fantasia-bestiaire', 'Aventurière arbalétrière', 'Alice');
  await table.importActor('fantasia-bestiaire', 'Brigand');
  await table.placeToken('Aventurière arbalétrière', 1, 1);
  await table.placeToken('Brigand', 4, 1);
  const alice = table.seat('Alice');
  const crossbow = itemId(alice, 'Aventurière arbalétrière', 'Arbalète');
  table.dice.push([100, 45]);
  await attackFromSheet(alice, 'Aventurière arbalétrière', crossbow, 'Brigand', { cover: 20 });
  return { table, alice };
}

describe('the rules reference from a card', () => {
  it('F-D5 hovering the cover rule on an attack card shows its summary; a click opens its page (fr)', async () => {
    const { table, alice } = await crossbowCard('fr');
    const link = alice.lastMessage().querySelector<HTMLElement>('a[data-pda-rule="F-D5"]');
    expect(link, 'the card links F-D5').not.toBeNull();
    expect(link!.getAttribute('tabindex')).toBe('0');
    expect(link!.getAttribute('aria-label')).toContain('Couvert');
    const tip = await alice.hover(link!);
    expect(tip).toBe(
      "F-D5 Couvert : Arbre, mur, rocher ou autre combattant sur la ligne : le MJ fixe un malus à l'attaquant.",
    );
    await alice.click(link!);
    const page = alice.window('#pda-rules-reference [data-rule-page="F-D5"]');
    expect(page, 'the reference opens at F-D5').not.toBeNull();
    expect(page!.getAttribute('aria-current')).toBe('true');
    expect(text(page)).toContain('Couvert');
    expect(table.errors()).toEqual([]);
  });

  it('F-D5 the same card in English: English summary on hover, Enter opens the English page', async () => {
    const { table, alice } = await crossbowCard('en');
    const link = alice.lastMessage().querySelector<HTMLElement>('a[data-pda-rule="F-D5"]')!;
    expect(await alice.hover(link)).toBe(
      'F-D5 Cover: Trees, walls, rocks or other fighters in the way give the attacker a penalty the GM sets.',
    );
    await alice.pressKey(link, 'Enter');
    const page = alice.window('#pda-rules-reference [data-rule-page="F-D5"]');
    expect(text(page)).toContain('Cover');
    expect(table.errors()).toEqual([]);
  });

  it('F-H9 a rule with a ruling shows the ruling and the setting that changes it', async () => {
    const { alice } = await crossbowCard('en');
    await alice.showJournalText('<p>See @Regle[F-H9].</p>');
    await alice.click('article.journal-entry-page a[data-pda-rule="F-H9"]');
    const page = alice.window('#pda-rules-reference [data-rule-page="F-H9"]')!;
    expect(text(page)).toContain('Ruling 96 to 00 fumbles');
    expect(text(page)).toContain('Setting Fantasia: fumble range, Fantasia: critical range.');
  });

  it('G-S3 a journal citing @Regle[G-S3] renders the same link as a card, tooltip and page included', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const gm = table.gm;
    const page = await gm.showJournalText('<p>Tir à bout portant : voir @Regle[G-S3] et @Regle[X-Y1].</p>');
    const link = page.querySelector<HTMLElement>('a[data-pda-rule="G-S3"]');
    expect(link).not.toBeNull();
    expect(link!.className).toBe('pda-rule-link');
    expect(text(page)).toContain('@Regle[X-Y1]');
    expect(await gm.hover(link!)).toMatch(/^G-S3 Spécialiste de l'arc et de l'arbalète : \+1 pour toucher/);
    await gm.click(link!);
    expect(gm.window('#pda-rules-reference [data-rule-page="G-S3"]')).not.toBeNull();
    expect(table.errors()).toEqual([]);
  });

  it('F-D3 a refused parry: the button tells its rule on hover, its reason links the rule outside it', async () => {
    const t = await brigandShootsBretteur();
    const card = t.bruno.lastMessage();
    const refused = t.bruno.buttons(card).find((b) => b.label.startsWith('Parer (Épée fantasque)'))!;
    expect(refused.enabled).toBe(false);
    expect(refused.el.querySelector('a')).toBeNull();
    const summary = /^F-D3 Parer un projectile : /;
    expect(await t.bruno.hover(refused.el)).toMatch(summary);
    const why = refused.el.parentElement!.querySelector<HTMLElement>('.pda-card__why')!;
    expect(text(why)).toContain("Un projectile ne se pare qu'avec un bouclier");
    const link = why.querySelector<HTMLElement>('a[data-pda-rule="F-D3"]');
    expect(link, 'the reason links F-D3').not.toBeNull();
    expect(await t.bruno.hover(link!)).toMatch(summary);
    expect(t.table.errors()).toEqual([]);
  });

  it('F-T1 the resistance button of a sheet cites its rule as a tooltip, with no link inside it (en)', async () => {
    const table = await Table.open({ ruleset: 'fantasia', lang: 'en' });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    const bruno = table.seat('Bruno');
    const sheet = await bruno.openSheet(bruno.actor('Bretteur'));
    const button = sheet.querySelector<HTMLElement>('button[data-action="resistanceRoll"]')!;
    expect(button.querySelector('a')).toBeNull();
    const cite = button.querySelector<HTMLElement>('.pda-rule')!;
    expect(text(cite)).toBe('F-T1');
    expect(await bruno.hover(cite)).toMatch(/^F-T1 Resistance table: /);
    expect(table.errors()).toEqual([]);
  });
});
