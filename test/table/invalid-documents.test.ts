/**
 * In Foundry an actor whose stored data fails its model's validation (joint validation included)
 * becomes an invalid document at world load: it leaves the sidebar and `game.actors`, and no
 * migration over `game.actors` ever reaches it. The harness models that at each client's load
 * (`invalidDocumentIds`). Nothing a player writes through their sheet, and no stored data of an
 * older version of the system (before each migration), may produce one.
 */
import { describe, expect, it } from 'vitest';
import { Table, type RulesetId, type Seat } from '../harness/table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const ENTRIES: Record<RulesetId, [string, string]> = {
  fantasia: ['fantasia-bestiaire', 'Bretteur'],
  greyhawk: ['greyhawk-bestiaire', 'Kael, archer spécialiste'],
  souffle: ['souffle-combattants', 'Chasseur'],
};

function expectValid(seat: Seat, id: string): void {
  expect([...seat.game.actors.invalidDocumentIds], seat.name).toEqual([]);
  expect(seat.game.actors.get(id), seat.name).toBeDefined();
}

/** Values a player might type into a sheet's field, sensible or not. */
function hostileValues(el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string[] {
  if (el.tagName === 'SELECT')
    return [...(el as HTMLSelectElement).options].map((o) => o.value).concat(['not-a-choice']);
  if ((el as HTMLInputElement).type === 'number' || el.dataset.dtype === 'Number')
    return ['-1000000000', '1000000000', '2.5', '-1', 'abc', ''];
  return ['x'.repeat(3000), '', '<img src=x onerror=alert(1)>'];
}

/**
 * A value no browser lets a person give the field (a select's option it does not offer, text in
 * a number field) is typed as a cheating player with the browser's developer tools would: first
 * the page is edited (an option added, the field's number type removed).
 */
function allowWithDevTools(el: HTMLInputElement, value: string): void {
  if (el.tagName === 'SELECT') {
    const select = el as unknown as HTMLSelectElement;
    if (![...select.options].some((o) => o.value === value)) {
      const option = el.ownerDocument.createElement('option');
      option.value = value;
      select.append(option);
    }
  } else if (el.type === 'number' && value.trim() !== '' && !Number.isFinite(Number(value))) el.type = 'text';
}

describe('no sheet value and no migration makes an invalid actor', () => {
  it.each(['fantasia', 'greyhawk', 'souffle'] as const)(
    '%s: every field of Alice’s sheet filled with hostile values; after a reload the actor still loads',
    async (ruleset) => {
      const table = await Table.open({ ruleset, players: ['Alice'] });
      const [pack, name] = ENTRIES[ruleset];
      const actor = await table.importActor(pack, name, 'Alice');
      const alice = table.seat('Alice');
      const mine = () => alice.game.actors.get(actor.id);
      let sheet = await alice.openSheet(mine());
      const selectors = [
        ...sheet.querySelectorAll<HTMLInputElement>('input[name], select[name], textarea[name]'),
      ]
        .filter((el) => !el.disabled && el.type !== 'hidden' && el.type !== 'checkbox')
        .map((el) => `[name="${el.getAttribute('name')}"]`);
      expect(selectors.length).toBeGreaterThan(3);
      for (const selector of [...new Set(selectors)]) {
        sheet = alice.sheetOf(mine()).element as HTMLElement;
        const el = sheet?.querySelector<HTMLInputElement>(selector);
        if (!el) continue;
        for (const value of hostileValues(el)) {
          const root: HTMLElement | undefined = alice.sheetOf(mine()).element;
          const now = root?.querySelector<HTMLInputElement>(selector);
          if (!now || now.disabled) break;
          allowWithDevTools(now, value);
          await alice.fill(now, value);
        }
      }
      await table.settle();
      for (const who of ['Alice', 'MJ']) expectValid(await table.reload(who), actor.id);
    },
  );

  const OLD_DATA: [string, RulesetId, number, (system: any) => void, (actor: any) => void][] = [
    [
      'migration 2: a characteristic above 200',
      'fantasia',
      2,
      (s) => (s.characteristics.FOR = 5000),
      (a) => expect(a.system.characteristics.FOR).toBe(200),
    ],
    [
      'migration 3: a fighter without a class',
      'greyhawk',
      3,
      (s) => (s.classes = []),
      (a) => expect(a.system.classes.length).toBe(1),
    ],
    [
      'migration 4: timed states stored as fields',
      'fantasia',
      4,
      (s) =>
        (s.states = { ...(s.states ?? {}), skipNextAttack: true, boundWeapon: 'w1', boundUntilRound: 3 }),
      (a) => expect([...a.statuses]).toEqual(expect.arrayContaining(['skipNextAttack', 'weaponBound'])),
    ],
    [
      'migration 5: fighter conditions stored as a field',
      'greyhawk',
      5,
      (s) => (s.conditions = { prone: true, disarmed: true }),
      (a) => expect(a.effects.size).toBeGreaterThan(0),
    ],
    [
      'migration 6: Souffle states stored as booleans',
      'souffle',
      6,
      (s) => (s.states = { epuise: true, agrippe: true }),
      (a) => expect(a.effects.size).toBeGreaterThan(0),
    ],
  ];

  it.each(OLD_DATA)(
    '%s: the actor loads valid before and after the migration',
    async (_what, ruleset, version, old, migrated) => {
      const table = await Table.open({ ruleset, players: ['Alice'] });
      const [pack, name] = ENTRIES[ruleset];
      const actor = await table.importActor(pack, name, 'Alice');
      // The world as an older version of the system stored it.
      const source = table.server.world.actors.get(actor.id)!;
      old(source.system);
      table.server.settings.set('passe-d-armes.schemaVersion', version - 1);
      // The player loads first (no migration on a player's client), then the GM migrates.
      expectValid(await table.reload('Alice'), actor.id);
      const gm = await table.reload('MJ');
      expectValid(gm, actor.id);
      await table.settle();
      expect(Number(table.server.settings.get('passe-d-armes.schemaVersion'))).toBeGreaterThanOrEqual(
        version,
      );
      for (const who of ['Alice', 'MJ']) {
        const seat = await table.reload(who);
        expectValid(seat, actor.id);
        migrated(seat.game.actors.get(actor.id));
      }
      expect(table.errors()).toEqual([]);
    },
  );
});
