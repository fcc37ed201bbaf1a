import type { Estimate, SimulationReport } from './types';

/*
 * The report as a plain-text table for the command line (npm run simulate). The Foundry window
 * draws the same SimulationReport with its own localized labels.
 */

const pct = (p: number): string => `${(100 * p).toFixed(1)} %`;
/** Two decimals where one would round a bound that is not 0 or 1 onto it. */
const bound = (p: number): string =>
  (p > 0 && p < 0.0005) || (p < 1 && p > 0.9995) ? `${(100 * p).toFixed(2)} %` : pct(p);
const interval = (e: Estimate): string => `${pct(e.p)} [${bound(e.low)} – ${bound(e.high)}]`;

function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) =>
      row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
    )
    .join('\n');
}

function bar(fraction: number, width: number): string {
  const n = Math.round(fraction * width);
  return '█'.repeat(n) + '·'.repeat(Math.max(0, width - n));
}

/** Text report: the sides' odds with their 95 % intervals, the rounds histogram, the fighters. */
export function formatReport(
  report: SimulationReport,
  names: { readonly sides?: readonly string[] } = {},
): string {
  const lines: string[] = [];
  lines.push(
    `${report.ruleset}: ${report.fights.toLocaleString('en')} fights, seed ${report.seed}, ` +
      `round limit ${report.roundLimit}, ${report.blows.toLocaleString('en')} attacks resolved`,
  );
  lines.push('');
  const sideRows: string[][] = [['Side', 'Wins (95 % interval)', '', 'Most frequent defeat']];
  report.sides.forEach((s, i) => {
    const cause = s.defeatCause
      ? `${s.defeatCause.kind}${s.defeatCause.by ? ` (mostly by ${s.defeatCause.by})` : ''}, ${pct(s.defeatCause.share)} of losses`
      : '—';
    sideRows.push([names.sides?.[i] ?? s.name, interval(s.win), bar(s.win.p, 20), cause]);
  });
  sideRows.push(['Draw', interval(report.draw), bar(report.draw.p, 20), '']);
  lines.push(table(sideRows));
  lines.push('');
  const r = report.rounds;
  lines.push(`Rounds: mean ${r.mean.toFixed(2)}, median ${r.median}, 90 % within ${r.p90}`);
  const peak = Math.max(1, ...r.histogram);
  r.histogram.forEach((count, n) => {
    if (n === 0 && count === 0) return;
    lines.push(
      `${String(n).padStart(4)}  ${bar(count / peak, 30)}  ${pct(count / Math.max(1, report.fights))}`,
    );
  });
  lines.push('');
  const withSouffle = report.fighters.some((f) => f.meanSouffleLost !== undefined);
  const head = ['Fighter', 'Side', 'Down', 'Dead', 'Fled', 'PV lost'];
  if (withSouffle) head.push('Souffle lost');
  const rows: string[][] = [head];
  for (const f of report.fighters) {
    const row = [
      f.name,
      names.sides?.[f.side] ?? report.sides[f.side]?.name ?? String(f.side + 1),
      pct(f.down.p),
      pct(f.dead.p),
      pct(f.fled.p),
      f.meanPvLost.toFixed(1),
    ];
    if (withSouffle) row.push((f.meanSouffleLost ?? 0).toFixed(1));
    rows.push(row);
  }
  lines.push(table(rows));
  return lines.join('\n');
}
