import { listenOnce } from './dom';

/**
 * Sections of a dialog's form that show only for some choices, from data attributes alone:
 *
 *   <select name="manoeuvre">…</select>
 *   <fieldset data-pda-when="manoeuvre" data-pda-in="disarm expertDisarm">…</fieldset>
 *
 * A section is active while the form's control named in `data-pda-when` holds one of the values
 * of `data-pda-in` (space-separated; a checkbox holds its value when ticked, "" otherwise), and
 * while every section around it is active. An inactive section is `hidden` (out of sight, of the
 * tab order and of the accessibility tree) and its controls are not submitted: `activeFormData`
 * drops them, judging from the controls' values at submit time, so what is sent never depends on
 * whether the change event that hid a section ran. Switching is live: `bindSections` listens to
 * the form's `change` and `input` events (a keyboard choice fires them like a click).
 */

const WHEN = 'data-pda-when';

interface ControlLike {
  readonly name: string;
  readonly type?: string;
  readonly value: string;
  readonly checked?: boolean;
  readonly tagName: string;
}

/** The value a named control of `root` holds now ("" when unticked or absent). */
function valueOf(root: ParentNode, name: string): string {
  const controls = [...root.querySelectorAll(`[name="${CSS_ESCAPE(name)}"]`)] as unknown as ControlLike[];
  for (const c of controls) {
    if (c.type === 'checkbox' || c.type === 'radio') {
      if (c.checked) return c.value || 'on';
      continue;
    }
    return String(c.value ?? '');
  }
  return '';
}

/** Names are ours (templates), but quote them safely for the selector anyway. */
function CSS_ESCAPE(name: string): string {
  return name.replace(/["\\]/g, '\\$&');
}

/** Whether one section is active by its own condition (its ancestors aside). */
function ownActive(root: ParentNode, section: Element): boolean {
  const name = section.getAttribute(WHEN) ?? '';
  const wanted = (section.getAttribute('data-pda-in') ?? '').split(/\s+/).filter(Boolean);
  return wanted.includes(valueOf(root, name));
}

/** Whether a section and every section around it inside `root` are active. */
function active(root: Element, section: Element): boolean {
  for (let el: Element | null = section; el && el !== root; el = el.parentElement)
    if (el.hasAttribute(WHEN) && !ownActive(root, el)) return false;
  return true;
}

/** The sections of `root`. */
function sections(root: Element): Element[] {
  return [...root.querySelectorAll(`[${WHEN}]`)];
}

/** Shows the active sections and hides the others, now. */
export function applySections(root: Element): void {
  for (const section of sections(root)) (section as HTMLElement).hidden = !ownActive(root, section);
}

/** Applies the sections now and again at every change of a control of `root`. */
export function bindSections(root: HTMLElement | null | undefined): void {
  if (!root) return;
  applySections(root);
  const update = () => applySections(root);
  listenOnce(root, 'change', 'SectionsChange', update);
  listenOnce(root, 'input', 'SectionsInput', update);
}

/** The names of the controls inside inactive sections (not to be submitted). */
export function inactiveNames(root: Element): Set<string> {
  const out = new Set<string>();
  for (const section of sections(root)) {
    if (active(root, section)) continue;
    for (const c of section.querySelectorAll('[name]')) out.add(c.getAttribute('name') ?? '');
  }
  // A name also used by an active control stays (each name belongs to one section in our forms).
  for (const c of root.querySelectorAll('[name]')) {
    const holder = c.closest(`[${WHEN}]`);
    if (!holder || !root.contains(holder) || active(root, holder)) out.delete(c.getAttribute('name') ?? '');
  }
  return out;
}

/** The form's data without the controls of inactive sections. */
export function activeFormData(form: HTMLFormElement): FormData {
  const data = new FormData(form);
  for (const name of inactiveNames(form)) data.delete(name);
  return data;
}

/** An object of form values (FormDataExtended's) without the controls of inactive sections. */
export function withoutInactive<T extends Record<string, unknown>>(form: Element, values: T): T {
  const drop = inactiveNames(form);
  return Object.fromEntries(Object.entries(values).filter(([k]) => !drop.has(k))) as T;
}

/** One section of a form: shown while the control `when` holds one of `in`. */
export interface SectionRule {
  readonly when: string;
  readonly in: readonly string[];
}

/**
 * The template's view of a form's sections, from one table of rules and the values the form opens
 * with: each section's `data-pda-when` / `data-pda-in` attributes and whether it starts shown, so
 * the first paint (and the gallery, which runs no script) matches what `bindSections` keeps.
 */
export function sectionContext<K extends string>(
  rules: Readonly<Record<K, SectionRule>>,
  values: Readonly<Record<string, string | number | boolean | undefined>>,
): Record<K, { when: string; in: string; active: boolean }> {
  const out = {} as Record<K, { when: string; in: string; active: boolean }>;
  for (const key of Object.keys(rules) as K[]) {
    const rule = rules[key];
    const value = values[rule.when];
    const held = value === true ? 'on' : value === false || value === undefined ? '' : String(value);
    out[key] = { when: rule.when, in: rule.in.join(' '), active: rule.in.includes(held) };
  }
  return out;
}
