import { readFileSync } from 'node:fs';
import { bench, describe } from 'vitest';
import { installFoundry } from '../fakes/foundry';
import { createEnvironment, loadTranslations, ROOT } from '../../gallery/build';
import { bretteur } from '../../gallery/pages/fantasia';
import { actorSheetContext } from '../../src/foundry/rulesets/fantasia/sheets/context';

installFoundry();

// The Aventurier sheet with 40 items (its sample weapons, armour and bottes repeated).
const base = bretteur('combat');
const items = Array.from({ length: 40 }, (_, i) => ({
  ...base.items[i % base.items.length]!,
  id: `item${i}`,
}));
const input = { ...base, items };
const hb = createEnvironment(loadTranslations('fr'));
const templates = ['fantasia/actor/header.hbs', 'shared/tabs.hbs', 'fantasia/actor/combat.hbs'].map((t) =>
  hb.compile(readFileSync(`${ROOT}/templates/${t}`, 'utf8')),
);

describe('Aventurier sheet, 40 items', () => {
  bench('prepare the sheet context', () => {
    actorSheetContext(input);
  });

  bench('prepare the context and render the combat tab', () => {
    const context = actorSheetContext(input);
    for (const render of templates) render(context);
  });
});
