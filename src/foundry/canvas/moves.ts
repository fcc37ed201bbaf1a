/**
 * Whether a requested token change moves it. Since Foundry v12 the `preUpdateToken` hooks get the
 * change as requested, before it is diffed (foundryvtt issue #10841): an update re-sending the
 * token's own `x`/`y` (a sheet, a module, a rotation from the canvas) carries them unchanged, and
 * a move check must not refuse it. The document still holds the old position there.
 */
export function movesToken(
  doc: { readonly x?: number; readonly y?: number },
  changed: Record<string, unknown>,
): boolean {
  return ('x' in changed && changed.x !== doc.x) || ('y' in changed && changed.y !== doc.y);
}
