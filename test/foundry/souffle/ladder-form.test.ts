import { describe, expect, it } from 'vitest';
import { isRulesError } from '../../../src/engine/core/errors';
import { DEFAULT_LADDER, type AdvantageLadder } from '../../../src/engine/souffle/ladder';
import {
  addLadderLevel,
  defaultLadderRows,
  ladderFormRows,
  ladderFormView,
  removeLastLadderLevel,
  submitLadderForm,
  type LadderFormRow,
} from '../../../src/foundry/rulesets/souffle/ladder-form-data';
import {
  currentLadder,
  ladderToText,
  registerSouffleSettings,
  souffleOptionsFromSettings,
  writeLadderSetting,
} from '../../../src/foundry/rulesets/souffle/settings';

/* eslint-disable @typescript-eslint/no-explicit-any -- reading the fake settings */
const g = globalThis as any;
const stored = (): unknown => g.game.settings.get('passe-d-armes', 'souffleLadder');

/** The data FormDataExtended gives for these rows: flat `rows.<i>.<field>` keys. */
function formData(rows: readonly LadderFormRow[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    data[`rows.${i}.level`] = row.level;
    data[`rows.${i}.dice`] = row.dice;
    data[`rows.${i}.name`] = row.name;
  });
  return data;
}

const SMALL: AdvantageLadder = {
  rows: [
    { level: -1, dice: '2d10kl', name: 'desavantageux' },
    { level: 0, dice: '1d10' },
    { level: 1, dice: '1d12', name: 'avantageux' },
  ],
};

async function withSmallLadder(): Promise<string> {
  registerSouffleSettings();
  await writeLadderSetting(ladderToText(SMALL));
  return String(stored());
}

describe('Souffle advantage ladder form', () => {
  it('S-A2 the ladder setting keeps its key and format but leaves the settings list for a menu', () => {
    registerSouffleSettings();
    expect(stored()).toBe(ladderToText(DEFAULT_LADDER));
    expect(currentLadder()).toEqual({ rows: DEFAULT_LADDER.rows });
  });

  it('S-A2 a valid edit is saved in the setting and used by the rules', async () => {
    await withSmallLadder();
    const rows = addLadderLevel(ladderFormRows(currentLadder()));
    expect(rows[3]).toEqual({ level: 2, dice: '1d12', name: '' });
    const edited = rows.map((r) =>
      r.level === 2 ? { ...r, dice: ' 1d8+1d12 keep best ', name: 'majeur' } : r,
    );
    const result = await submitLadderForm(formData(edited), writeLadderSetting);
    expect(isRulesError(result)).toBe(false);
    const expected = [...SMALL.rows, { level: 2, dice: '1d8+1d12 keep best', name: 'majeur' }];
    expect(JSON.parse(String(stored()))).toEqual(expected);
    expect(souffleOptionsFromSettings().ladder.rows).toEqual(expected);
    // A row without a name is stored without one (the level 0 row).
    expect(JSON.parse(String(stored()))[1]).toEqual({ level: 0, dice: '1d10' });
  });

  it('S-A2 a malformed dice rule is refused with its reason and the setting is unchanged', async () => {
    const before = await withSmallLadder();
    const rows = ladderFormRows(SMALL).map((r) => (r.level === 1 ? { ...r, dice: '1d12 keep most' } : r));
    const result = await submitLadderForm(formData(rows), writeLadderSetting);
    expect(isRulesError(result) && result.key).toBe('PDA.Error.SouffleLadderDice');
    expect(isRulesError(result) && result.data).toEqual({ dice: '1d12 keep most' });
    expect(stored()).toBe(before);
    // The form marks the row it cannot read.
    expect(ladderFormView(rows).rows.map((r) => r.invalid)).toEqual([false, false, true]);
  });

  it('S-A2 a gap in levels is refused and the setting is unchanged', async () => {
    const before = await withSmallLadder();
    const rows = ladderFormRows(SMALL).map((r) => (r.level === 1 ? { ...r, level: 3 } : r));
    const result = await submitLadderForm(formData(rows), writeLadderSetting);
    expect(isRulesError(result) && result.key).toBe('PDA.Error.SouffleLadderGap');
    expect(isRulesError(result) && result.data).toEqual({ after: 0, level: 3 });
    expect(stored()).toBe(before);
  });

  it('S-A2 an empty or non-integer level is refused before the setting is touched', async () => {
    const before = await withSmallLadder();
    const data = { ...formData(ladderFormRows(SMALL)), 'rows.0.level': '' };
    const result = await submitLadderForm(data, writeLadderSetting);
    expect(isRulesError(result) && result.key).toBe('PDA.Error.SouffleLadderLevel');
    expect(stored()).toBe(before);
  });

  it('S-A2 reset restores the default ladder once saved', async () => {
    await withSmallLadder();
    const rows = defaultLadderRows();
    expect(rows).toHaveLength(DEFAULT_LADDER.rows.length);
    const result = await submitLadderForm(formData(rows), writeLadderSetting);
    expect(result).toEqual({ rows: DEFAULT_LADDER.rows });
    expect(stored()).toBe(ladderToText(DEFAULT_LADDER));
  });

  it('S-A2 remove-last-level drops the top level and keeps at least one', () => {
    const rows = ladderFormRows(SMALL);
    expect(removeLastLadderLevel(rows).map((r) => r.level)).toEqual([-1, 0]);
    const one = [rows[1]!];
    expect(removeLastLadderLevel(one)).toEqual(one);
    expect(ladderFormView(one).canRemove).toBe(false);
  });

  it('S-A1 the form shows each level with its dice range and its translated name', () => {
    const view = ladderFormView(ladderFormRows(DEFAULT_LADDER), (n) =>
      n === 'neutre' ? 'Sans avantage' : undefined,
    );
    const zero = view.rows.find((r) => r.level === 0);
    expect(zero).toMatchObject({ dice: '2d10kl', range: '1–10', label: 'Sans avantage' });
    expect(view.rows.find((r) => r.level === 8)).toMatchObject({ range: '1–12', invalid: false });
  });
});
