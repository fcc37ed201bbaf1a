/**
 * Gallery pages of Souffle's advantage ladder form (S-A1, S-A2): the default ladder with its
 * translated level names, and an edited ladder with an extra level and an unreadable dice rule.
 */
import { DEFAULT_LADDER } from '../../src/engine/souffle/ladder';
import {
  addLadderLevel,
  ladderFormRows,
  ladderFormView,
} from '../../src/foundry/rulesets/souffle/ladder-form-data';
import { lookup } from '../helpers';
import { translations } from '../shared';
import type { GalleryPage } from '../types';

const CLASSES = ['souffle', 'pda-souffle-ladder'];

function context(lang: string, rows = ladderFormRows(DEFAULT_LADDER)): Record<string, unknown> {
  const dict = translations(lang);
  return { ...ladderFormView(rows, (name) => lookup(dict, `PDA.Souffle.Level.${name}`)) };
}

function edited(lang: string): Record<string, unknown> {
  const rows = addLadderLevel(ladderFormRows(DEFAULT_LADDER)).map((r) =>
    r.level === 13 ? { ...r, dice: '6d12 keep most', name: 'fabuleux' } : r,
  );
  return context(lang, rows);
}

export const pages: GalleryPage[] = [
  {
    name: 'souffle-ladder-form',
    template: 'souffle/settings/ladder-form.hbs',
    context: (lang) => context(lang),
    width: 560,
    height: 760,
    classes: CLASSES,
    title: 'Souffle : table des avantages',
  },
  {
    name: 'souffle-ladder-form-edited',
    template: 'souffle/settings/ladder-form.hbs',
    context: edited,
    width: 560,
    height: 760,
    classes: CLASSES,
    title: 'Souffle : table des avantages',
  },
];
