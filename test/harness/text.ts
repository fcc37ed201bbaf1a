/**
 * Text enrichment and tooltips of a client, as Foundry's public API describes them:
 * `TextEditor.enrichHTML` runs each `CONFIG.TextEditor.enrichers` entry (`pattern`, a global
 * RegExp, and `enricher(match, options)` returning an element or null) over the text nodes of the
 * content; the tooltip manager shows an element's `data-tooltip` (a lang key or plain text) in
 * `#tooltip` when the pointer enters it (API v13 `TextEditorEnricherConfig`, `TooltipManager`).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the fake's untyped CONFIG */

interface Enricher {
  pattern: RegExp;
  enricher: (match: RegExpMatchArray, options?: unknown) => Promise<HTMLElement | null>;
}

export function makeEnrichHTML(window: any, config: () => any) {
  return async function enrichHTML(content: string, options: unknown = {}): Promise<string> {
    const doc: Document = window.document;
    const root = doc.createElement('div');
    root.innerHTML = content ?? '';
    const enrichers: Enricher[] = config()?.TextEditor?.enrichers ?? [];
    for (const { pattern, enricher } of enrichers) {
      const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
      const texts: Text[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
      for (const node of texts) {
        const text = node.textContent ?? '';
        const matches = [...text.matchAll(new RegExp(pattern.source, pattern.flags))];
        if (!matches.length) continue;
        const parts: Node[] = [];
        let at = 0;
        for (const m of matches) {
          const el = await enricher(m, options);
          if (!el) continue;
          if (m.index > at) parts.push(doc.createTextNode(text.slice(at, m.index)));
          parts.push(el);
          at = m.index + m[0].length;
        }
        if (!parts.length) continue;
        if (at < text.length) parts.push(doc.createTextNode(text.slice(at)));
        node.replaceWith(...parts);
      }
    }
    return root.innerHTML;
  };
}

/** The tooltip manager: `#tooltip` shows the hovered element's `data-tooltip`, as HTML. */
export function installTooltips(window: any, localize: (key: string) => string): void {
  const doc: Document = window.document;
  const tooltip = doc.createElement('aside');
  tooltip.id = 'tooltip';
  tooltip.setAttribute('role', 'tooltip');
  tooltip.hidden = true;
  doc.body.append(tooltip);
  doc.addEventListener(
    'pointerover',
    (event: Event) => {
      const el = (event.target as Element | null)?.closest?.<HTMLElement>('[data-tooltip]');
      if (!el) return;
      // Rendered as HTML (the stricter reading): the attribute's text must already be escaped.
      tooltip.innerHTML = localize(el.dataset.tooltip ?? '');
      tooltip.hidden = false;
    },
    true,
  );
  doc.addEventListener(
    'pointerout',
    () => {
      tooltip.hidden = true;
    },
    true,
  );
}
