/**
 * DOM checks that hold in any window. Foundry v14 can pop an application out into its own browser
 * window, whose elements come from that window's constructors: `el instanceof HTMLFormElement`
 * is then false for a real form (and the global may not even exist where the code runs), so
 * elements are recognised by their node type and tag name, and new nodes are created by the
 * document that will hold them.
 */

/** True for a <form> element of any window. */
export function isFormElement(el: unknown): el is HTMLFormElement {
  const node = el as { nodeType?: number; tagName?: string } | null;
  return node?.nodeType === 1 && String(node.tagName).toUpperCase() === 'FORM';
}

/** Creates an element in the document of `near` (the window it is shown in). */
export function createElementNear<K extends keyof HTMLElementTagNameMap>(
  near: Node,
  tag: K,
): HTMLElementTagNameMap[K] {
  const doc = near.ownerDocument ?? (near as Document);
  return doc.createElement(tag);
}
