/**
 * The simulator's outcomes pinned to their values (issue 47): every example encounter, a fixed
 * seed and a few hundred fights, must give the same wins per side, draws, rounds, blows and
 * per-fighter lots, and the same full report (its digest), as when these figures were written.
 * Speed work must change none of them. A rule change that alters a fight on purpose re-pins the
 * figures of its ruleset in the same commit, and says so.
 *
 * Greyhawk: pinned before issue 44's rule fixes were merged (they change rules on purpose); these
 * encounters gave the same figures after the merge (d9704fb), so nothing was re-pinned.
 */
import { describe, expect, it } from 'vitest';
import { simulate, type SimulationReport } from '../../../src/engine/simulate';
import { exampleEncounter } from './fixtures';

/** FNV-1a of the report's JSON: any changed figure changes it. */
function digest(report: SimulationReport): string {
  const text = JSON.stringify(report);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** What a reader checks at a glance: wins per side, draws, rounds, blows, each fighter's falls. */
function summary(report: SimulationReport): string {
  const wins = report.sides.map((s) => s.win.count).join('/');
  const fighters = report.fighters
    .map((f) => `${f.down.count}:${f.dead.count}:${f.fled.count}:${f.meanPvLost.toFixed(3)}`)
    .join(' ');
  return (
    `wins ${wins} draws ${report.draw.count} rounds ${report.rounds.mean.toFixed(4)} ` +
    `median ${report.rounds.median} p90 ${report.rounds.p90} blows ${report.blows} | ${fighters}`
  );
}

function play(file: string, fights: number, seed: number, over: object = {}): [string, string] {
  const report = simulate({ ...exampleEncounter(file), fights, seed, ...over });
  return [summary(report), digest(report)];
}

describe('simulator outcomes pinned (issue 47)', () => {
  it('fantasia-melee-4v4, seed 1, 300 fights', () => {
    expect(play('fantasia-melee-4v4.json', 300, 1)).toMatchInlineSnapshot(`
      [
        "wins 299/1 draws 0 rounds 9.8100 median 9 p90 14 blows 19480 | 36:36:0:5.393 1:1:0:1.147 1:1:0:0.580 22:22:0:3.363 299:299:0:13.990 300:300:0:12.000 300:300:0:12.000 299:299:0:11.960",
        "c0505680",
      ]
    `);
  });
  it('fantasia-brigands, seed 7, 300 fights', () => {
    expect(play('fantasia-brigands.json', 300, 7)).toMatchInlineSnapshot(`
      [
        "wins 300/0 draws 0 rounds 10.0633 median 10 p90 13 blows 13608 | 64:64:0:5.493 11:11:0:2.047 0:0:0:1.277 0:0:0:1.167 300:300:0:14.000 157:157:143:11.113 180:180:120:11.170 212:212:88:11.403",
        "5bf051c4",
      ]
    `);
  });
  it('fantasia-pasmagosaure, seed 3, 300 fights', () => {
    expect(play('fantasia-pasmagosaure.json', 300, 3)).toMatchInlineSnapshot(`
      [
        "wins 32/268 draws 0 rounds 6.6167 median 6 p90 13 blows 3896 | 268:268:0:12.227 32:32:0:13.293",
        "55fff169",
      ]
    `);
  });
  it('fantasia-melee-4v4 sheathed, every fumble breaks the weapon, seed 2, 300 fights', () => {
    expect(play('fantasia-melee-4v4.json', 300, 2, { drawn: false, fumbles: 'weaponBreaks' }))
      .toMatchInlineSnapshot(`
      [
        "wins 300/0 draws 0 rounds 5.8600 median 6 p90 8 blows 10243 | 0:0:0:1.937 0:0:0:0.240 0:0:0:0.227 4:4:0:1.780 300:300:0:14.000 300:300:0:12.000 300:300:0:12.000 300:300:0:12.000",
        "14f6d256",
      ]
    `);
  });
  it('souffle-melee-4v4, seed 1, 300 fights', () => {
    expect(play('souffle-melee-4v4.json', 300, 1)).toMatchInlineSnapshot(`
      [
        "wins 50/250 draws 0 rounds 7.2167 median 7 p90 10 blows 16341 | 267:8:0:11.367 269:3:0:11.353 276:24:0:9.523 254:19:0:8.603 101:2:0:7.467 97:2:0:7.450 92:8:0:4.943 91:5:0:4.490",
        "343710e2",
      ]
    `);
  });
  it('souffle-waka-hata, seed 5, 300 fights', () => {
    expect(play('souffle-waka-hata.json', 300, 5)).toMatchInlineSnapshot(`
      [
        "wins 37/263 draws 0 rounds 7.0467 median 6 p90 12 blows 7167 | 291:19:0:11.883 269:7:0:11.313 47:5:23:2.603 54:5:25:3.027 24:1:13:1.290",
        "78a8d875",
      ]
    `);
  });
  it('greyhawk-melee-4v4, seed 1, 300 fights (re-pin after issue 44 if its rules moved it)', () => {
    expect(play('greyhawk-melee-4v4.json', 300, 1)).toMatchInlineSnapshot(`
      [
        "wins 300/0 draws 0 rounds 5.5833 median 6 p90 7 blows 13887 | 0:0:0:11.177 0:0:0:10.560 1:0:0:10.570 0:0:0:9.440 300:37:0:30.000 300:44:0:30.000 300:52:0:30.000 300:44:0:30.000",
        "feaaf821",
      ]
    `);
  });
  it('greyhawk-gnolls, seed 9, 300 fights (re-pin after issue 44 if its rules moved it)', () => {
    expect(play('greyhawk-gnolls.json', 300, 9)).toMatchInlineSnapshot(`
      [
        "wins 300/0 draws 0 rounds 5.1533 median 5 p90 6 blows 6171 | 0:0:0:3.417 0:0:0:0.000 210:12:90:10.563 208:6:92:10.550 256:25:44:10.783 256:19:44:10.777",
        "88b12b57",
      ]
    `);
  });
  it('greyhawk-melee-4v4 one after the other, seed 4, 300 fights (re-pin after issue 44 likewise)', () => {
    expect(play('greyhawk-melee-4v4.json', 300, 4, { simultaneous: false })).toMatchInlineSnapshot(`
      [
        "wins 300/0 draws 0 rounds 5.5500 median 6 p90 7 blows 13717 | 0:0:0:9.380 1:0:0:9.830 0:0:0:10.793 0:0:0:10.173 300:41:0:30.000 300:44:0:30.000 300:31:0:30.000 300:56:0:30.000",
        "fbc9779d",
      ]
    `);
  });
});
