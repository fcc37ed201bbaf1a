/**
 * Issue 46, point 10: rule IDs on every line of a card help the GM and may weigh on a player. Each
 * person chooses in Configure Settings how they read them (written out, or an info icon that still
 * tells and opens the rule), and everyone opens the rules reference from Configure Settings, at
 * the world's ruleset, without waiting for a rule link.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const DREVIN = "Drevin, spécialiste de l'épée longue";

async function orcDuel() {
  const table = await Table.open({ ruleset: 'greyhawk' });
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken('Orque', 1, 0);
  return { table, gm: table.gm, alice: table.seat('Alice') };
}

async function drevinStrikes(table: Table, seat: ReturnType<Table['seat']>): Promise<void> {
  await seat.target('Orque');
  const sheet = await seat.openSheet(seat.actor(DREVIN));
  const row = [...sheet.querySelectorAll('tr[data-item-id]')].find((r) => text(r).includes('Épée longue'))!;
  table.dice.push([20, 15], [8, 1]);
  await seat.click('[data-action="attack"]', row);
  await seat.answerDialog({});
}

describe('rule IDs, each reader their way', () => {
  it('G-S2 Alice chooses the info icon: her card no longer writes G-S2 out, its hover still tells the rule; the GM still reads G-S2', async () => {
    const { table, gm, alice } = await orcDuel();
    await alice.changeSetting('passe-d-armes.ruleIds', 'icon');
    await drevinStrikes(table, alice);
    const hers = alice.lastMessage();
    expect(text(hers)).toContain('Spécialisation +2 Dégâts 6');
    expect(text(hers)).not.toContain('G-S2');
    const icon = hers.querySelector<HTMLElement>('a[data-pda-rule="G-S2"]')!;
    expect(await alice.hover(icon)).toMatch(/^G-S2 /);
    await alice.click(icon);
    expect(alice.window('#pda-rules-reference [data-rule-page="G-S2"]')).not.toBeNull();
    // The same card on the GM's screen: his own choice, the IDs written out.
    expect(text(gm.lastMessage())).toContain('Spécialisation +2 G-S2 Dégâts 6');
    // A player's choice is theirs alone: the world's settings are not hers to change.
    await expect(alice.changeSetting('passe-d-armes.ruleset', 'souffle')).rejects.toThrow(/GMs only/);
    expect(table.errors()).toEqual([]);
  });

  it('G-P1 a player opens the rules reference from Configure Settings: it shows the world’s ruleset, Greyhawk', async () => {
    const { table, alice } = await orcDuel();
    const window = await alice.openSettingsMenu('passe-d-armes.rulesReference');
    expect(window).toBeTruthy();
    const reference = alice.window('#pda-rules-reference')!;
    expect(reference.querySelector('[data-rule-page="G-S2"]')).not.toBeNull();
    expect(reference.querySelector('[data-rule-page="F-R1"]')).toBeNull();
    expect(table.errors()).toEqual([]);
  });
});
