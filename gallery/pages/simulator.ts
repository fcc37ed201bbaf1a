/**
 * Gallery page of the encounter simulator's window: a real report of 1,000 seeded fights (two
 * gate guards and a brigand against a Pasmagosaure), in each language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulate } from '../../src/engine/simulate';
import { entryFromDocument } from '../../src/engine/simulate/sources';
import type { Encounter } from '../../src/engine/simulate/types';
import { reportView } from '../../src/foundry/simulator/view';
import { ROOT } from '../build';
import { lookup } from '../helpers';
import { translations } from '../shared';
import type { GalleryPage } from '../types';

const actor = (file: string) =>
  JSON.parse(readFileSync(join(ROOT, 'packs-src/fantasia/fantasia-bestiaire', file), 'utf8')) as Parameters<
    typeof entryFromDocument
  >[1];

function context(lang: string): Record<string, unknown> {
  const dict = translations(lang);
  const t = (key: string, data: Record<string, string | number> = {}) =>
    (lookup(dict, key) ?? key).replace(/\{(\w+)\}/g, (m, k: string) => (k in data ? String(data[k]) : m));
  const allies = [actor('garde-de-la-porte.json'), actor('garde-de-la-porte.json'), actor('brigand.json')];
  const encounter = {
    ruleset: 'fantasia',
    fights: 1000,
    seed: 7,
    sides: [
      { name: t('PDA.Simulator.SideA'), fighters: allies.map((a) => entryFromDocument('fantasia', a)) },
      {
        name: t('PDA.Simulator.SideB'),
        fighters: [entryFromDocument('fantasia', actor('pasmagosaure.json'))],
      },
    ],
  } as Encounter;
  const report = simulate(encounter);
  const names = ['Garde de la porte', 'Garde de la porte', 'Brigand', 'Pasmagosaure'];
  const option = (value: string | number, label: string, selected: boolean) => ({ value, label, selected });
  return {
    fights: 1000,
    seed: 7,
    maxFights: 100000,
    running: false,
    rows: names.map((name, i) => ({
      id: `f${i}`,
      name,
      sides: [option(0, t('PDA.Simulator.SideA'), i < 3), option(1, t('PDA.Simulator.SideB'), i === 3)],
      targets: ['nearest', 'weakest', 'mostDangerous'].map((v) =>
        option(v, t(`PDA.Simulator.Target.${v}`), v === 'nearest'),
      ),
      defences: ['parry', 'dodgeWhenHurt', 'none'].map((v) =>
        option(v, t(`PDA.Simulator.Defence.${v}`), v === 'parry'),
      ),
    })),
    report: reportView(report, t),
  };
}

export const pages: GalleryPage[] = [
  {
    name: 'simulator-report',
    template: 'simulator/window.hbs',
    context,
    width: 720,
    height: 900,
    classes: ['pda-simulator'],
    title: 'Simuler la rencontre',
  },
];
