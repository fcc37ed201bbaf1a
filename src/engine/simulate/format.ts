import type { Estimate, SimulationReport } from './types';

/*
 * The report as a plain-text table for the command line (npm run simulate), in the words of the
 * system's lang files: the caller passes a translator (the CLI reads lang/<lang>.json; French by
 * default). The Foundry window draws the same SimulationReport with its own localized labels.
 */

/** Looks a lang key up and fills its {placeholders}; returns the key itself when it has no text. */
export type Translate = (key: string, data?: Readonly<Record<string, string | number>>) => string;

export interface FormatOptions {
  /** The report's language, for numbers (decimal comma in French). */
  readonly lang?: string;
  readonly t: Translate;
  readonly sides?: readonly string[];
}

/**
 * A percentage that never rounds a rate that is not 0 (or 1) onto 0 (or 100): one decimal, or two
 * significant digits under 0.1 %, so "0,03 %" stands next to an interval that excludes 0.
 */
export function percent(p: number, lang = 'fr'): string {
  const value = 100 * p;
  let digits = 1;
  if (p > 0 && p < 0.001) digits = Math.max(2, 1 - Math.floor(Math.log10(value)));
  else if (p < 1 && p > 0.999) digits = Math.max(2, 1 - Math.floor(Math.log10(100 - value)));
  const text = value.toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${text} %`;
}

/** Columns of text (names, causes) are aligned left, numbers right. */
function table(rows: readonly (readonly string[])[], left: readonly number[] = [0]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (left.includes(i) ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function bar(fraction: number, width: number): string {
  const n = Math.round(fraction * width);
  return '█'.repeat(n) + '·'.repeat(Math.max(0, width - n));
}

/** Text report: the sides' odds with their 95 % intervals, the rounds histogram, the fighters. */
export function formatReport(report: SimulationReport, options: FormatOptions): string {
  const { t } = options;
  const lang = options.lang ?? 'fr';
  const pct = (p: number) => percent(p, lang);
  const num = (n: number, digits = 0) =>
    n.toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const interval = (e: Estimate): string => `${pct(e.p)} [${pct(e.low)} – ${pct(e.high)}]`;
  const lines: string[] = [];
  lines.push(
    t('PDA.Simulator.Text.Header', {
      ruleset: t(`PDA.Ruleset.${report.ruleset}`),
      fights: num(report.fights),
      seed: report.seed,
      limit: report.roundLimit,
      blows: num(report.blows),
    }),
  );
  lines.push('');
  const sideRows: string[][] = [
    [t('PDA.Simulator.Side'), t('PDA.Simulator.Text.Wins'), '', t('PDA.Simulator.Text.Defeat')],
  ];
  report.sides.forEach((s, i) => {
    const cause = s.defeatCause
      ? t(`PDA.Simulator.Cause.${s.defeatCause.kind}`, {
          by: s.defeatCause.by ?? '—',
          share: pct(s.defeatCause.share),
        })
      : '—';
    sideRows.push([options.sides?.[i] ?? s.name, interval(s.win), bar(s.win.p, 20), cause]);
  });
  sideRows.push([t('PDA.Simulator.Text.Draw'), interval(report.draw), bar(report.draw.p, 20), '']);
  lines.push(table(sideRows, [0, 2, 3]));
  lines.push('');
  const r = report.rounds;
  lines.push(
    t('PDA.Simulator.RoundsStats', { mean: num(r.mean, 2), median: num(r.median), p90: num(r.p90) }),
  );
  lines.push(t('PDA.Simulator.Text.Histogram'));
  const peak = Math.max(1, ...r.histogram);
  r.histogram.forEach((count, n) => {
    if (n === 0 && count === 0) return;
    lines.push(
      `${String(n).padStart(4)}  ${bar(count / peak, 30)}  ${pct(count / Math.max(1, report.fights))}`,
    );
  });
  lines.push('');
  const withSouffle = report.fighters.some((f) => f.meanSouffleLost !== undefined);
  const head = [
    t('PDA.Simulator.Fighter'),
    t('PDA.Simulator.Side'),
    t('PDA.Simulator.Down'),
    t('PDA.Simulator.Dead'),
    t('PDA.Simulator.Fled'),
    t('PDA.Simulator.PvLost'),
  ];
  if (withSouffle) head.push(t('PDA.Simulator.SouffleLost'));
  const rows: string[][] = [head];
  for (const f of report.fighters) {
    const row = [
      f.name,
      options.sides?.[f.side] ?? report.sides[f.side]?.name ?? String(f.side + 1),
      pct(f.down.p),
      pct(f.dead.p),
      pct(f.fled.p),
      num(f.meanPvLost, 1),
    ];
    if (withSouffle) row.push(num(f.meanSouffleLost ?? 0, 1));
    rows.push(row);
  }
  lines.push(table(rows, [0, 1]));
  return lines.join('\n');
}
