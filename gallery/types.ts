/**
 * A page of the visual gallery: one template (or several sheet parts, rendered in order) with a
 * sample context, shown in a window of the given size. Each area adds a file
 * gallery/pages/<area>.ts that exports `pages: GalleryPage[]`.
 */
export interface GalleryPage {
  /** File-safe name, unique across the gallery: "<area>-<what>", e.g. "fantasia-aventurier-carac". */
  name: string;
  /** Template path(s) relative to templates/, e.g. "fantasia/actor/pnj.hbs". */
  template: string | string[];
  /** Sample context (plain data). A function receives the language being rendered. */
  context: Record<string, unknown> | ((lang: string) => Record<string, unknown>);
  /** Window size in CSS pixels. */
  width: number;
  height: number;
  /** Extra CSS classes of the window (e.g. ["fantasia", "actor"]). */
  classes?: string[];
  /** Window title; defaults to the page name. */
  title?: string;
  /** HTML added after the templates (e.g. an enriched journal page), per language. */
  html?: (lang: string) => string;
  /** A last step on the rendered page, after rule IDs became links (e.g. show one tooltip). */
  dom?: (root: HTMLElement, lang: string) => void;
  /** "sheet" (default): a Foundry-like window; "chat": a chat log column. */
  frame?: 'sheet' | 'chat';
}
