/**
 * The logic of the advantage ladder form (S-A1, S-A2), kept free of Foundry so it can be tested:
 * the rows the form shows, the edits its buttons make, and the submitted form data read back into
 * a ladder the engine accepts (or the RulesError saying why not).
 */
import { isRulesError, RulesError } from '../../../engine/core/errors';
import {
  DEFAULT_LADDER,
  levelBounds,
  validateLadder,
  type AdvantageLadder,
  type LadderRow,
} from '../../../engine/souffle/ladder';

/** One row as the form holds it: what the GM typed, not yet validated. */
export interface LadderFormRow {
  readonly level: number | string;
  readonly dice: string;
  readonly name: string;
}

/** The ladder as the setting stores it: JSON of its rows. */
export function ladderToText(ladder: AdvantageLadder): string {
  return JSON.stringify(ladder.rows);
}

export function ladderFromText(text: string): AdvantageLadder {
  return { rows: JSON.parse(text) as AdvantageLadder['rows'] };
}

/** The form rows of a ladder. */
export function ladderFormRows(ladder: AdvantageLadder): LadderFormRow[] {
  return ladder.rows.map((r) => ({ level: r.level, dice: r.dice, name: r.name ?? '' }));
}

/** The form rows of the default ladder (the reset button). */
export function defaultLadderRows(): LadderFormRow[] {
  return ladderFormRows(DEFAULT_LADDER);
}

/** Adds a level above the last one, starting from the last level's dice. */
export function addLadderLevel(rows: readonly LadderFormRow[]): LadderFormRow[] {
  const last = rows[rows.length - 1];
  const lastLevel = Number(last?.level);
  const level = last && Number.isInteger(lastLevel) ? lastLevel + 1 : 0;
  return [...rows, { level, dice: last?.dice ?? '1d10', name: '' }];
}

/** Removes the last level (the form keeps at least one). */
export function removeLastLadderLevel(rows: readonly LadderFormRow[]): LadderFormRow[] {
  return rows.length > 1 ? rows.slice(0, -1) : [...rows];
}

type Dict = Record<string, unknown>;

/** The `rows` of the submitted data, flat (`rows.0.dice`, as FormDataExtended gives) or nested. */
function submittedRows(data: Dict): Dict[] {
  const byIndex = new Map<number, Dict>();
  const nested = data['rows'];
  if (nested && typeof nested === 'object') {
    for (const [i, row] of Object.entries(nested as Dict)) {
      if (row && typeof row === 'object') byIndex.set(Number(i), { ...(row as Dict) });
    }
  }
  for (const [key, value] of Object.entries(data)) {
    const m = /^rows\.(\d+)\.(\w+)$/.exec(key);
    if (!m) continue;
    const index = Number(m[1]);
    const row = byIndex.get(index) ?? {};
    row[m[2] as string] = value;
    byIndex.set(index, row);
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

const text = (value: unknown): string =>
  value === undefined || value === null ? '' : String(value as string | number).trim();

/** Reads the submitted form data into form rows, in form order, without judging them. */
export function readLadderForm(data: Dict): LadderFormRow[] {
  return submittedRows(data).map((row) => {
    const level = text(row['level']);
    const number = Number(level);
    return {
      level: level !== '' && Number.isFinite(number) ? number : level,
      dice: text(row['dice']),
      name: text(row['name']),
    };
  });
}

/** The ladder of some form rows; throws the engine's RulesError when it is not usable. */
export function ladderFromRows(rows: readonly LadderFormRow[]): AdvantageLadder {
  const ladderRows: LadderRow[] = rows.map((row) => {
    const level = typeof row.level === 'number' ? row.level : Number.NaN;
    if (!Number.isInteger(level)) {
      throw new RulesError('PDA.Error.SouffleLadderLevel', { level: String(row.level) });
    }
    const name = row.name.trim();
    return name ? { level, dice: row.dice.trim(), name } : { level, dice: row.dice.trim() };
  });
  return validateLadder({ rows: ladderRows });
}

/** The submitted form data as a ladder, or the RulesError that refuses it. */
export function ladderFromFormData(data: Dict): AdvantageLadder | RulesError {
  try {
    return ladderFromRows(readLadderForm(data));
  } catch (error) {
    if (isRulesError(error)) return error;
    throw error;
  }
}

/**
 * Submits the form: a valid table is stored (in the setting's text format) and returned; a refused
 * one returns its RulesError and stores nothing.
 */
export async function submitLadderForm(
  data: Dict,
  store: (text: string) => Promise<unknown>,
): Promise<AdvantageLadder | RulesError> {
  const result = ladderFromFormData(data);
  if (isRulesError(result)) return result;
  await store(ladderToText(result));
  return result;
}

/** One row of the template. */
export interface LadderFormRowView {
  index: number;
  level: number | string;
  dice: string;
  name: string;
  /** The level name's translation, when the name is a known one. */
  label?: string;
  /** Smallest and largest result, e.g. "1–10"; empty when the dice rule does not parse. */
  range: string;
  invalid: boolean;
}

export interface LadderFormView {
  rows: LadderFormRowView[];
  canRemove: boolean;
}

/** The template context of the form; `label` translates a level name when it knows it. */
export function ladderFormView(
  rows: readonly LadderFormRow[],
  label: (name: string) => string | undefined = () => undefined,
): LadderFormView {
  return {
    rows: rows.map((row, index) => {
      let range = '';
      try {
        const bounds = levelBounds({ rows: [{ level: 0, dice: row.dice }] }, 0);
        range = `${bounds.min}–${bounds.max}`;
      } catch (error) {
        if (!isRulesError(error)) throw error;
      }
      const named = row.name ? label(row.name) : undefined;
      return {
        index,
        level: row.level,
        dice: row.dice,
        name: row.name,
        ...(named ? { label: named } : {}),
        range,
        invalid: range === '',
      };
    }),
    canRemove: rows.length > 1,
  };
}
