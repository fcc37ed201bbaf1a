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

/**
 * Adds a listener to `el` once, however often `_onRender` runs: a render that keeps some parts
 * (or a pop-out moving the element to another window, then re-rendering) would otherwise bind the
 * same handler again on the kept elements. The mark is a data attribute, so it travels with the
 * element to any window.
 */
export function listenOnce(
  el: HTMLElement,
  type: string,
  name: string,
  listener: (event: Event) => void,
): void {
  const key = `pdaOn${name}`;
  if (el.dataset[key]) return;
  el.dataset[key] = '1';
  el.addEventListener(type, listener);
}
