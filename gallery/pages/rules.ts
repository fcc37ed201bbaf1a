/**
 * Gallery pages of issue 27: the rules reference window, a card whose rule ID shows its tooltip,
 * and the GM guide of each ruleset's "first fight" Adventure, with its @Regle links.
 */
import { readFileSync } from 'node:fs';
import { referenceEntries } from '../../src/foundry/rules/reference';
import { ruleSpanHtml } from '../../src/foundry/rules/links';
import { formatKey, translations, withI18n } from '../shared';
import type { GalleryPage } from '../types';

const RULESETS = ['F', 'G', 'S'] as const;

function referenceContext(lang: string, current: 'F-R3' | 'G-S3') {
  const dict = translations(lang);
  const letter = current.charAt(0) as 'F' | 'G';
  return withI18n(lang, () => ({
    current,
    rulesets: RULESETS.map((first) => ({
      first,
      label: formatKey(dict, `PDA.Rules.Reference.Ruleset.${first}`),
      current: first === letter,
    })),
    entries: referenceEntries(letter, current).slice(0, 8),
  }));
}

function cardContext(lang: string) {
  const dict = translations(lang);
  const k = (key: string) => formatKey(dict, key);
  return {
    flow: 'fantasia-attack',
    step: 'defence',
    revision: 1,
    title: 'Aventurière arbalétrière — Arbalète',
    subtitle: 'Chef brigand',
    sections: [
      {
        css: '',
        title: k('PDA.Rules.Entry.F-H1.Title'),
        check: { level: 'success', roll: '20', target: '40 %', levelLabel: '✓' },
        rows: [
          { css: '', label: k('PDA.Rules.Entry.F-W4.Title'), value: '60 %', rule: 'F-W4' },
          { css: '', label: k('PDA.Rules.Entry.F-D5.Title'), value: '−20 %', rule: 'F-D5' },
        ],
        notes: [{ text: k('PDA.Rules.Entry.F-D3.Summary'), rule: 'F-D3' }],
      },
    ],
    gone: '',
    actions: [],
  };
}

/** Shows Foundry's tooltip of the first rule link, as hovering it does. */
function showTooltip(id: string) {
  return (root: HTMLElement): void => {
    const link = root.querySelector<HTMLElement>(`a[data-pda-rule="${id}"]`);
    if (!link) throw new Error(`no link to ${id} on the page`);
    link.classList.add('hover');
    const tip = root.ownerDocument.createElement('div');
    tip.className = 'gallery-tooltip';
    tip.setAttribute('role', 'tooltip');
    tip.textContent = link.dataset.tooltip ?? '';
    (link.closest('ul, p') ?? link).after(tip);
  };
}

/** The GM guide of a ruleset's Adventure, its @Regle citations as the enricher renders them. */
function guide(ruleset: 'fantasia' | 'greyhawk' | 'souffle') {
  return (lang: string): string => {
    const file = `packs-src/${ruleset}/${ruleset}-premier-combat/premier-combat-${ruleset}.json`;
    const adventure = JSON.parse(readFileSync(file, 'utf8')) as {
      journal: { pages: { name: string; text: { content: string } }[] }[];
    };
    const pages = adventure.journal[0]!.pages;
    const page = lang === 'fr' ? pages[0]! : pages[1]!;
    const content = withI18n(lang, () =>
      page.text.content.replace(/@Regle\[([FGS]-[A-Z]{1,2}\d{1,2})\]/g, (_m, id: string) => ruleSpanHtml(id)),
    );
    return `<article class="journal-entry-page text"><h1>${page.name}</h1>${content}</article>`;
  };
}

const guidePage = (ruleset: 'fantasia' | 'greyhawk' | 'souffle'): GalleryPage => ({
  name: `rules-guide-${ruleset}`,
  template: [],
  html: guide(ruleset),
  context: {},
  width: 560,
  height: 720,
  title: `Premier combat — ${ruleset}`,
});

export const pages: GalleryPage[] = [
  {
    name: 'rules-reference',
    template: 'rules/reference.hbs',
    context: (lang) => referenceContext(lang, 'F-R3'),
    width: 560,
    height: 640,
    classes: ['pda-rules-reference-window'],
    title: 'Référence des règles',
  },
  {
    name: 'rules-card-tooltip',
    template: 'chat/card.hbs',
    frame: 'chat',
    context: cardContext,
    dom: showTooltip('F-D5'),
    width: 320,
    height: 420,
  },
  guidePage('fantasia'),
  guidePage('greyhawk'),
  guidePage('souffle'),
];
