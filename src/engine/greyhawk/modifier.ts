import type { Modifier } from './types';

/**
 * One Greyhawk modifier with its lang label (PDA.Greyhawk.Mod.<label>).
 */

export function mod(source: string, label: string, value: number): Modifier {
  return { source, label: `PDA.Greyhawk.Mod.${label}`, value };
}
