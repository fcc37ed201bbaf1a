/** Small helpers of the attack dialog's form: its select options and the values read back. */

export const option = <T extends string | number>(value: T, label: string, selected: T) => ({
  value,
  label,
  selected: value === selected,
});

/** A whole number from the form, kept within [min, max] (the fallback when not a number). */
export const int = (v: FormDataEntryValue | null, fallback: number, min: number, max: number): number => {
  const n = Math.trunc(Number(v ?? fallback));
  return Number.isFinite(n) ? Math.max(min, Math.min(max, n)) : fallback;
};

/** One of the listed values, else the fallback. */
export function pick<T extends string>(list: readonly T[], v: FormDataEntryValue | null, fallback: T): T {
  return list.includes(String(v) as T) ? (String(v) as T) : fallback;
}
