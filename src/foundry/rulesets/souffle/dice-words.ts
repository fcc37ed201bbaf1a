import { parseLadderDice } from '../../../engine/souffle/ladder';
import type { Text } from '../../chat';

/**
 * A ladder's dice rule said in words, in the user's language: "le meilleur de 1d10 et 1d12"
 * (1d10+1d12 keep best), "le plus bas de 2d10" (2d10kl), "1d12". A rule that does not parse is
 * shown as written.
 */
export function diceWords(dice: string, tr: (text: Text) => string): string {
  const D = 'PDA.Souffle.Dice';
  let parsed: ReturnType<typeof parseLadderDice>;
  try {
    parsed = parseLadderDice(dice);
  } catch {
    return dice;
  }
  const terms = parsed.formula.terms.flatMap((x) => (x.kind === 'dice' ? [x] : []));
  const each = terms.map((x) => `${x.count}d${x.faces}`);
  const list = each.slice(1).reduce((a, b) => tr({ key: `${D}.And`, data: { a, b } }), each[0] ?? '');
  if (parsed.keep)
    return tr({ key: `${D}.${parsed.keep === 'best' ? 'Best' : 'Worst'}`, data: { dice: list } });
  const only = terms.length === 1 ? terms[0] : undefined;
  if (only?.keep)
    return tr({
      key: `${D}.${only.keep === 'h' ? 'Highest' : 'Lowest'}`,
      data: { n: only.keepCount ?? 1, dice: list },
    });
  return parsed.formula.text;
}
