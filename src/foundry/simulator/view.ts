import type { SimulationReport } from '../../engine/simulate/types';

/**
 * What the simulator window shows of a report, already laid out: one bar per side (its odds and
 * their 95 % interval), the histogram of fight lengths, and one row per fighter. Pure: the
 * window's template only places these numbers, and the gallery renders the same view.
 */

type Translate = (key: string, data?: Record<string, string | number>) => string;

const pct = (p: number): string => `${Math.round(p * 1000) / 10} %`;

export interface SideBar {
  readonly name: string;
  readonly odds: string;
  readonly interval: string;
  /** Width of the bar and of the interval band, in percent of the chart. */
  readonly width: number;
  readonly low: number;
  readonly high: number;
  readonly y: number;
  readonly cause: string;
}

export interface HistogramBar {
  readonly rounds: number;
  readonly count: number;
  readonly x: number;
  readonly height: number;
  readonly y: number;
}

export interface FighterRow {
  readonly name: string;
  readonly side: string;
  readonly down: string;
  readonly dead: string;
  readonly fled: string;
  readonly pvLost: string;
  readonly breathLost?: string;
}

export interface ReportView {
  readonly summary: string;
  readonly sides: readonly SideBar[];
  readonly sidesHeight: number;
  readonly draw: string;
  readonly rounds: {
    readonly bars: readonly HistogramBar[];
    /** Round numbers under the bars (every round, or every few when there are many). */
    readonly ticks: readonly { readonly x: number; readonly label: string }[];
    readonly max: number;
    readonly stats: string;
  };
  readonly fighters: readonly FighterRow[];
  /** The ruleset counts a second pool besides PV (its breath). */
  readonly showsBreath: boolean;
}

const HIST_HEIGHT = 80;

export function reportView(report: SimulationReport, t: Translate): ReportView {
  const sides: SideBar[] = report.sides.map((s, i) => ({
    name: s.name,
    odds: pct(s.win.p),
    interval: t('PDA.Simulator.Interval', { low: pct(s.win.low), high: pct(s.win.high) }),
    width: Math.round(s.win.p * 1000) / 10,
    low: Math.round(s.win.low * 1000) / 10,
    high: Math.round(s.win.high * 1000) / 10,
    y: i * 28,
    cause: s.defeatCause
      ? t(`PDA.Simulator.Cause.${s.defeatCause.kind}`, {
          by: s.defeatCause.by ?? '—',
          share: pct(s.defeatCause.share),
        })
      : '',
  }));
  const histogram = report.rounds.histogram;
  const max = Math.max(1, ...histogram);
  const last = histogram.reduce((k, v, i) => (v > 0 ? i : k), 0);
  const shown = histogram.slice(1, Math.max(2, last + 1));
  const width = shown.length ? 100 / shown.length : 100;
  const bars: HistogramBar[] = shown.map((count, i) => {
    const height = Math.round((count / max) * HIST_HEIGHT);
    return { rounds: i + 1, count, x: Math.round(i * width * 10) / 10, height, y: HIST_HEIGHT - height };
  });
  const step = Math.max(1, Math.ceil(bars.length / 10));
  const ticks = bars
    .filter((b) => b.rounds === 1 || b.rounds % step === 0)
    .map((b) => ({ x: Math.round((b.x + 1.5) * 10) / 10, label: String(b.rounds) }));
  const showsBreath = report.fighters.some((f) => f.meanSouffleLost !== undefined);
  return {
    summary: t('PDA.Simulator.Summary', { fights: report.fights, seed: report.seed }),
    sides,
    sidesHeight: sides.length * 28,
    draw: t('PDA.Simulator.Draw', { odds: pct(report.draw.p) }),
    rounds: {
      bars: bars.map((b) => ({ ...b, x: b.x })),
      ticks,
      max,
      stats: t('PDA.Simulator.RoundsStats', {
        mean: Math.round(report.rounds.mean * 10) / 10,
        median: report.rounds.median,
        p90: report.rounds.p90,
      }),
    },
    fighters: report.fighters.map((f) => ({
      name: f.name,
      side: report.sides[f.side]?.name ?? '',
      down: pct(f.down.p),
      dead: pct(f.dead.p),
      fled: pct(f.fled.p),
      pvLost: String(Math.round(f.meanPvLost * 10) / 10),
      ...(f.meanSouffleLost !== undefined
        ? { breathLost: String(Math.round(f.meanSouffleLost * 10) / 10) }
        : {}),
    })),
    showsBreath,
  };
}

/** The whispered chat summary: each side's odds, the mean length, the fighters most at risk. */
export function summaryLines(report: SimulationReport, t: Translate): string[] {
  const lines = report.sides.map((s) => t('PDA.Simulator.ChatSide', { side: s.name, odds: pct(s.win.p) }));
  lines.push(
    t('PDA.Simulator.RoundsStats', {
      mean: Math.round(report.rounds.mean * 10) / 10,
      median: report.rounds.median,
      p90: report.rounds.p90,
    }),
  );
  const atRisk = [...report.fighters].sort((a, b) => b.dead.p - a.dead.p).slice(0, 3);
  for (const f of atRisk)
    if (f.dead.p > 0) lines.push(t('PDA.Simulator.ChatRisk', { name: f.name, odds: pct(f.dead.p) }));
  return lines;
}
