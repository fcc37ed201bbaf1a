/**
 * The table harness: a game master and players, each on their own client, around one world.
 * Tests act as people do (open a sheet and click, drag an item from a compendium, fill a dialog,
 * press a tracker or chat-card button) and read what each person sees and what the documents
 * hold. Import this module and nothing of src/ from test/table/.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the fake are untyped */
import { Client, TableDice } from './client';
import { FakeServer, OWNERSHIP } from './server';
import { Window } from 'happy-dom';
import { windowGroup, type ClosableWindow } from './windows';

export { OWNERSHIP };

export type RulesetId = 'fantasia' | 'greyhawk' | 'souffle';

export interface TableOptions {
  readonly ruleset: RulesetId;
  /** Players' names; each gets a client (default: Alice and Bruno). */
  readonly players?: readonly string[];
  /** Gamemasters' names (role 4; default: one, "MJ", or none when assistants are given). */
  readonly gms?: readonly string[];
  /** Assistant GMs' names (role 3: `isGM` too; the active GM only when no Gamemaster is on). */
  readonly assistants?: readonly string[];
  /** Language of every client, or per user name. */
  readonly lang?: 'fr' | 'en' | Readonly<Record<string, 'fr' | 'en'>>;
  /** Foundry's generation every client models (16: the `-=`/`==` update keys are refused). */
  readonly generation?: 13 | 14 | 16;
  /** World settings to hold before anyone connects (`passe-d-armes.<key>` → value). */
  readonly settings?: Readonly<Record<string, unknown>>;
}

/** What one person does at their screen. */
export class Seat {
  /** Modal dialogs this person was shown, newest first: nothing else takes a click while one is open. */
  private modals: HTMLElement[] = [];
  /** The documents of this person's popped-out windows (v14): their screen too. */
  private readonly popouts: Document[] = [];

  constructor(
    readonly table: Table,
    readonly client: Client,
  ) {
    client.Hooks.on('renderDialogV2', (app: any, element: HTMLElement) => {
      if (app.options?.modal && !this.modals.includes(element)) this.modals.unshift(element);
    });
  }

  get name(): string {
    return this.client.game.user.name;
  }
  get user(): any {
    return this.client.game.user;
  }
  get game(): any {
    return this.client.game;
  }
  get dom(): Document {
    return this.client.document;
  }
  /** The notifications this person saw (text), newest last. */
  get notifications(): string[] {
    return this.client.notifications.map((n) => n.message);
  }
  get warnings(): string[] {
    return this.client.notifications
      .filter((n) => n.level === 'warn' || n.level === 'error')
      .map((n) => n.message);
  }

  actor(name: string): any {
    const actor = this.game.actors.getName(name);
    if (!actor) throw new Error(`${this.name} sees no actor named ${name}`);
    return actor;
  }

  // --- sheets --------------------------------------------------------------------------------------

  /** Opens an actor's or item's sheet, as a double click in the sidebar does. */
  async openSheet(doc: any): Promise<HTMLElement> {
    this.mayView(doc, 'open the sheet of');
    const sheet = doc.sheet;
    if (!sheet) throw new Error(`No sheet registered for ${doc.documentName} ${doc.type}`);
    const before = this.client.errors.length;
    await this.client.track(sheet.render(true));
    await this.table.settle();
    if (!sheet.element) {
      const cause = this.client.errors.slice(before).map(String).join('; ');
      throw new Error(`${this.name}: the ${doc.documentName} sheet of ${doc.name} did not render: ${cause}`);
    }
    return sheet.element;
  }

  /**
   * Refuses a document this person is not shown: a player sees a world actor or item in the
   * sidebar with at least Limited ownership, an actor's own items only on a sheet that lists them
   * (Observer), and a compendium's entries when its ownership gives players at least Observer.
   */
  private mayView(doc: any, what: string): void {
    if (!doc) throw new Error(`${this.name}: nothing to ${what}`);
    if (this.user.isGM) return;
    if (doc.pack) {
      const level = this.game.packs.get(doc.pack)?.metadata?.ownership?.PLAYER ?? 'OBSERVER';
      if ((OWNERSHIP as Record<string, number>)[level]! < OWNERSHIP.OBSERVER)
        throw new Error(
          `${this.name} cannot ${what} ${doc.name}: the compendium ${doc.pack} is not shown to them`,
        );
      return;
    }
    const [owner, level] = doc.parent ? [doc.parent, 'OBSERVER'] : [doc, 'LIMITED'];
    if (!owner.testUserPermission(this.user, level))
      throw new Error(`${this.name} cannot ${what} ${doc.name}: it is not shown to them`);
  }

  sheetOf(doc: any): any {
    return doc.sheet;
  }

  /** Drags a document (by uuid, e.g. a compendium entry) onto a sheet, as a drop does. */
  async dragOnto(doc: any, uuid: string): Promise<void> {
    this.mayView(doc, 'drop onto the sheet of');
    const sheet = doc.sheet;
    if (!sheet?.rendered) await this.openSheet(doc);
    const item = this.client.fromUuidSync(uuid);
    if (!item) throw new Error(`${uuid} does not resolve`);
    this.mayView(item, 'drag');
    const payload = JSON.stringify(item.toDragData());
    const event = new this.client.window.Event('drop', { bubbles: true });
    Object.defineProperty(event, 'dataTransfer', { value: { getData: () => payload } });
    await this.client.track(sheet._onDrop(event));
    await this.table.settle();
  }

  /**
   * Drags a document onto a hotbar slot, as core's Hotbar does: `Hooks.call('hotbarDrop', hotbar,
   * data, slot)` (not awaited; an explicit `false` stops core), else core's default: a script
   * macro showing the document's sheet, assigned to the slot (API v13/v14 hook `hotbarDrop`,
   * `User#assignHotbarMacro`). Returns once every client settled.
   */
  async dropOnHotbar(doc: any, slot: number): Promise<void> {
    this.mayView(doc, 'drag');
    const data = doc.toDragData();
    const go = this.client.Hooks.call('hotbarDrop', this.client.ui.hotbar, data, slot);
    if (go !== false) {
      const Macro = this.client.CONFIG.Macro.documentClass;
      const macro = await Macro.create({
        name: doc.name,
        type: 'script',
        command: `await fromUuid(${JSON.stringify(doc.uuid)}).then((d) => d?.sheet?.render(true));`,
      });
      await this.user.assignHotbarMacro(macro, slot);
    }
    await this.table.settle();
  }

  /**
   * Right-clicks a token the user controls: core's Token HUD renders (three columns, `.col.left`,
   * `.col.middle`, `.col.right`) and `renderTokenHUD(hud, html, context)` fires with `hud.object`
   * the Token placeable (API v13 `TokenHUD`, hook `renderApplicationV2` family). A player opens
   * only the HUD of a token they own. Returns the HUD's element, on this user's page.
   */
  async openTokenHUD(name: string): Promise<HTMLElement> {
    const token = this.token(name);
    if (!this.user.isGM && !token.document.isOwner)
      throw new Error(`${this.name} cannot open the HUD of ${name}: not their token`);
    this.dom.querySelector('#token-hud')?.remove();
    const html = this.client.document.createElement('div');
    html.id = 'token-hud';
    html.innerHTML =
      '<div class="col left"></div><div class="col middle"></div><div class="col right"></div>';
    this.dom.body.append(html);
    const hud = { object: token, document: token.document, element: html };
    this.client.Hooks.callAll('renderTokenHUD', hud, html, { id: token.document.id });
    await this.table.settle();
    return html;
  }

  /**
   * Pops an open application out into a browser window of its own (v14): its element moves into
   * that window's document and the application renders again there, as a pop-out does (inferred:
   * core re-renders a popped-out application). Returns the new window's document.
   */
  async popOut(app: any): Promise<Document> {
    if (!app?.element?.isConnected || app.element.ownerDocument !== this.dom)
      throw new Error(`${this.name}: nothing open to pop out`);
    const win = new Window({ url: 'http://localhost:30000/game', width: 800, height: 800 });
    this.table.adoptWindow(win as unknown as ClosableWindow);
    const doc = win.document as unknown as Document;
    doc.body.append(doc.adoptNode(app.element));
    this.popouts.push(doc);
    await this.client.track(Promise.resolve(app.render(false)));
    await this.table.settle();
    return doc;
  }

  /**
   * Clicks the Create button of the Actors or Items sidebar: core calls `createDialog(data,
   * createOptions, options)` on the configured document class (players have no such button:
   * they may not create world actors or items). The dialog stays open for `answerDialog`.
   */
  async createFromSidebar(documentName: 'Actor' | 'Item'): Promise<void> {
    if (!this.user.isGM) throw new Error(`${this.name} has no Create button for ${documentName}s`);
    const Cls = this.client.CONFIG[documentName].documentClass;
    void this.client.track(Promise.resolve(Cls.createDialog({}, {}, {})));
    await this.table.settle();
  }

  /** Clicks a hotbar slot: runs the macro the user assigned there (core's `Macro#execute`). */
  async useHotbarSlot(slot: number): Promise<void> {
    const id = this.user._source.hotbar?.[slot] ?? this.user.hotbar?.[slot];
    const macro = id ? this.game.macros.get(id) : null;
    if (!macro) throw new Error(`${this.name}'s hotbar slot ${slot} is empty`);
    await this.client.track(Promise.resolve(macro.execute()));
    await this.table.settle();
  }

  /**
   * Drags an element of a sheet (one the sheet made `draggable`) to a hotbar slot: the element's
   * `dragstart` fills the drag data, the hotbar hands it to `hotbarDrop` hooks (a hook returning
   * false takes the drop), as Foundry's Hotbar does.
   */
  async dragToHotbar(source: Element, slot: number): Promise<void> {
    await this.reach(source, 'the dragged element');
    if (source.getAttribute('draggable') !== 'true')
      throw new Error(`${this.name}: ${describe(source)} is not draggable`);
    const data = new Map<string, string>();
    const event = new this.client.window.Event('dragstart', { bubbles: true });
    Object.defineProperty(event, 'dataTransfer', {
      value: { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '' },
    });
    source.dispatchEvent(event);
    const text = data.get('text/plain');
    if (!text) throw new Error(`${this.name}: dragging ${describe(source)} carries no data`);
    this.client.Hooks.call('hotbarDrop', this.client.ui.hotbar, JSON.parse(text), slot);
    await this.table.settle();
  }

  // --- DOM -----------------------------------------------------------------------------------------

  /**
   * Brings `el` into sight as a person would before using it: a control in a tab panel that is
   * not the active one is reached by clicking that tab's button first (outer tabs first). A
   * control nobody can see (off the page, or inside a `hidden`, `inert` or `display: none`
   * element) cannot be reached, and a tab panel without a tab button to open it neither.
   */
  private async reach(el: Element, what: string): Promise<void> {
    if (el.ownerDocument !== this.dom && !this.popouts.includes(el.ownerDocument))
      throw new Error(`${this.name}: ${what} is on another person's screen`);
    if (!el.isConnected) throw new Error(`${this.name}: ${what} is not on the page`);
    const modal = this.modals.find((m) => m.isConnected);
    if (modal && !modal.contains(el))
      throw new Error(`${this.name}: ${what} is behind the modal dialog ${describe(modal)}`);
    const closedTabs: HTMLElement[] = [];
    for (let node: HTMLElement | null = el as HTMLElement; node; node = node.parentElement) {
      if (node.hidden || node.hasAttribute('inert') || node.style?.display === 'none')
        throw new Error(`${this.name}: ${what} is out of sight (inside ${describe(node)})`);
      if (node.matches('.tab[data-tab]:not(.active)')) closedTabs.unshift(node);
    }
    for (const panel of closedTabs) {
      const { tab, group } = panel.dataset;
      const app = panel.closest('.application') ?? this.dom;
      const button = [...app.querySelectorAll<HTMLElement>('[data-action="tab"]')].find(
        (b) => b.dataset.tab === tab && (b.dataset.group ?? 'primary') === (group ?? 'primary'),
      );
      if (!button)
        throw new Error(`${this.name}: ${what} is in the closed tab "${tab}", which no tab button opens`);
      await this.click(button);
      if (!panel.classList.contains('active'))
        throw new Error(`${this.name}: the "${tab}" tab button did not open its panel`);
    }
  }

  /** Clicks an element (or the first match of a selector in the page), going to its tab first. */
  async click(target: Element | string, within?: Element, keys: { shiftKey?: boolean } = {}): Promise<void> {
    const el = typeof target === 'string' ? (within ?? this.dom).querySelector(target) : target;
    if (!el) throw new Error(`${this.name}: nothing to click at ${String(target)}`);
    await this.reach(el, String(target));
    if (isDisabled(el)) throw new Error(`${this.name}: ${String(target)} is disabled`);
    el.dispatchEvent(
      new this.client.window.MouseEvent('click', { bubbles: true, cancelable: true, ...keys }),
    );
    await this.table.settle();
  }
  /** Clicks with Shift held (the click event's `shiftKey`). */
  async shiftClick(target: Element | string, within?: Element): Promise<void> {
    await this.click(target, within, { shiftKey: true });
  }

  /** Sets a form control's value and fires `change`, as typing then leaving the field does. */
  async fill(control: Element | string, value: string | number | boolean, within?: Element): Promise<void> {
    const el = (
      typeof control === 'string' ? (within ?? this.dom).querySelector(control) : control
    ) as HTMLInputElement | null;
    if (!el) throw new Error(`${this.name}: no field ${String(control)}`);
    await this.reach(el, String(control));
    const what = String(control);
    if (el.type === 'radio' && !value && el.checked)
      throw new Error(`${this.name}: ${what} is a checked radio button, which no click unchecks`);
    this.checkChange(el, value, what, true);
    if (el.type === 'checkbox' || el.type === 'radio') el.checked = Boolean(value);
    else el.value = String(value);
    el.dispatchEvent(new this.client.window.Event('input', { bubbles: true }));
    el.dispatchEvent(new this.client.window.Event('change', { bubbles: true }));
    await this.table.settle();
  }

  /** The open dialogs (newest last). */
  dialogs(): HTMLElement[] {
    return [...this.dom.querySelectorAll<HTMLElement>('.application.dialog')];
  }
  dialog(): HTMLElement {
    const list = this.dialogs();
    const d = list[list.length - 1];
    if (!d) throw new Error(`${this.name} has no dialog open`);
    return d;
  }
  /** Fills the newest dialog's fields by name, then presses one of its buttons. */
  async answerDialog(
    values: Record<string, string | number | boolean | string[]>,
    button?: string,
  ): Promise<void> {
    const dialog = this.dialog();
    for (const [name, value] of Object.entries(values)) {
      const controls = [...dialog.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)];
      if (!controls.length) throw new Error(`${this.name}: the dialog has no field ${name}`);
      const what = `the dialog's field ${name}`;
      for (const el of controls) await this.reach(el, what);
      this.checkOffered(controls, value, what);
      for (const el of controls) {
        this.checkChange(el, value, what, false);
        if (el.type === 'checkbox')
          el.checked = Array.isArray(value) ? value.includes(el.value) : Boolean(value);
        else if (el.type === 'radio') el.checked = el.value === String(value);
        else if (el.tagName === 'SELECT' && Array.isArray(value)) {
          for (const o of (el as unknown as HTMLSelectElement).options) o.selected = value.includes(o.value);
        } else el.value = String(value);
      }
      // As a person's input does: the dialog may show or hide sections on it.
      for (const el of controls) {
        el.dispatchEvent(new this.client.window.Event('input', { bubbles: true }));
        el.dispatchEvent(new this.client.window.Event('change', { bubbles: true }));
      }
      await this.table.settle();
    }
    const buttons = [...dialog.querySelectorAll<HTMLButtonElement>('[data-dialog-button]')];
    const chosen = button ? buttons.find((b) => b.dataset.dialogButton === button) : buttons[0];
    if (!chosen) throw new Error(`${this.name}: the dialog has no button ${button}`);
    await this.click(chosen);
  }

  /**
   * Refuses a value the person cannot give a field: one the field does not offer (a select's
   * option, a radio of the group, a checkbox of the group; a browser's select takes no other
   * value), or one it offers disabled.
   */
  private checkOffered(controls: HTMLInputElement[], value: unknown, what: string): void {
    const first = controls[0]!;
    const wanted = Array.isArray(value) ? value.map(String) : [String(value)];
    if (first.tagName === 'SELECT') {
      if (Array.isArray(value) && !(first as unknown as HTMLSelectElement).multiple)
        throw new Error(`${this.name}: ${what} takes one option, not ${wanted.join(', ')}`);
      return;
    }
    const offered = controls.map((c) => c.value);
    const group = first.type === 'radio' || (first.type === 'checkbox' && Array.isArray(value)) ? wanted : [];
    for (const v of group)
      if (!offered.includes(v))
        throw new Error(`${this.name}: ${what} offers no "${v}" (offers: ${offered.join(', ')})`);
  }

  /**
   * Refuses a change no person can make to one control: of a hidden input, a disabled or
   * read-only control (`always`: even to the value it has, since the person cannot focus it), a
   * select to an option it does not offer or offers disabled, a number field to text.
   */
  private checkChange(el: HTMLInputElement, value: unknown, what: string, always: boolean): void {
    const tag = el.tagName;
    if (tag !== 'INPUT' && tag !== 'SELECT' && tag !== 'TEXTAREA')
      throw new Error(`${this.name}: ${what} is not a field (${describe(el)})`);
    if (el.type === 'hidden') throw new Error(`${this.name}: ${what} is a hidden input, which nobody sees`);
    let changes: boolean;
    if (el.type === 'checkbox')
      changes = el.checked !== (Array.isArray(value) ? value.map(String).includes(el.value) : Boolean(value));
    // Picking a radio unchecks the others of its group, whatever they are: only the pick counts.
    else if (el.type === 'radio')
      changes = !el.checked && (always ? Boolean(value) : el.value === String(value));
    else if (tag === 'SELECT') {
      const select = el as unknown as HTMLSelectElement;
      const wanted = Array.isArray(value) ? value.map(String) : [String(value)];
      for (const v of wanted) {
        const option = [...select.options].find((o) => o.value === v);
        if (!option)
          throw new Error(
            `${this.name}: ${what} offers no option "${v}" (offers: ${[...select.options].map((o) => o.value).join(', ')})`,
          );
        if (option.disabled || option.closest('optgroup[disabled]'))
          throw new Error(`${this.name}: ${what} "${v}" is offered disabled: ${option.textContent?.trim()}`);
      }
      changes = [...select.options].some((o) => o.selected !== wanted.includes(o.value));
    } else {
      if (el.type === 'number' && String(value).trim() !== '' && !Number.isFinite(Number(value)))
        throw new Error(`${this.name}: ${what} is a number field, which takes no "${String(value)}"`);
      changes = el.value !== String(value);
    }
    if (!changes && !always) return;
    if (isDisabled(el)) throw new Error(`${this.name}: ${what} is disabled`);
    if (el.hasAttribute('readonly')) throw new Error(`${this.name}: ${what} is read-only`);
  }

  /** Moves the pointer onto an element, as hovering does; returns the tooltip then shown (or null). */
  async hover(target: Element | string, within?: Element): Promise<string | null> {
    const el = typeof target === 'string' ? (within ?? this.dom).querySelector(target) : target;
    if (!el) throw new Error(`${this.name}: nothing to hover at ${String(target)}`);
    await this.reach(el, String(target));
    const Pointer = this.client.window.PointerEvent ?? this.client.window.MouseEvent;
    el.dispatchEvent(new Pointer('pointerover', { bubbles: true }));
    el.dispatchEvent(new Pointer('pointerenter', { bubbles: false }));
    await this.table.settle();
    return this.tooltip;
  }
  /** The tooltip this person sees (null when none shows). */
  get tooltip(): string | null {
    const tip = this.dom.querySelector<HTMLElement>('#tooltip');
    return tip && !tip.hidden ? (tip.textContent ?? '') : null;
  }
  /** Presses a key on the focused element (Enter, " ", Tab…). */
  async pressKey(target: Element, key: string): Promise<void> {
    await this.reach(target, String(target));
    // A key goes to the focused element, and a person focuses only what takes focus.
    if (!isFocusable(target))
      throw new Error(`${this.name}: ${describe(target)} takes no focus, so no key reaches it`);
    (target as HTMLElement).focus?.();
    target.dispatchEvent(
      new this.client.window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    );
    await this.table.settle();
  }
  /**
   * Presses a key combination with no field focused (over the canvas or the sidebar), as Foundry's
   * keyboard manager takes it: every registered keybinding action whose keys (as configured, or as
   * registered by default) match runs its `onDown`; a `restricted` action runs for GMs only.
   * Returns the actions that ran.
   */
  async pressShortcut(key: string, modifiers: readonly string[] = []): Promise<string[]> {
    const focused = this.dom.activeElement;
    if (focused && focused !== this.dom.body && focused.matches('input, select, textarea, [contenteditable]'))
      throw new Error(`${this.name}: a field has the focus; the key goes to it, not to a shortcut`);
    const wanted = [...modifiers].sort().join('+');
    const ran: string[] = [];
    for (const [id, config] of this.client.keybindings) {
      const keys = [...(config.editable ?? []), ...(config.uneditable ?? [])] as {
        key: string;
        modifiers?: string[];
      }[];
      if (!keys.some((k) => k.key === key && [...(k.modifiers ?? [])].sort().join('+') === wanted)) continue;
      if (config.restricted && !this.user.isGM) continue;
      ran.push(id);
      await this.client.track(Promise.resolve(config.onDown?.({ key, modifiers })));
    }
    await this.table.settle();
    return ran;
  }
  /**
   * Opens a settings menu with its button in Configure Settings (`namespace.key`); a restricted
   * menu's button is shown to GMs only.
   */
  async openSettingsMenu(key: string): Promise<HTMLElement> {
    const menu = this.game.settings.menus.get(`menu:${key}`);
    if (!menu?.type) throw new Error(`${this.name}: Configure Settings shows no menu ${key}`);
    if (menu.restricted && !this.user.isGM)
      throw new Error(`${this.name}: Configure Settings shows the menu ${key} to GMs only (restricted)`);
    const app = new menu.type();
    await this.client.track(app.render(true));
    await this.table.settle();
    return app.element;
  }
  /**
   * Changes a setting in Configure Settings (`namespace.key`): only a setting shown there
   * (`config: true`), a world setting by a GM only, a value among its `choices` when it has some.
   */
  async changeSetting(key: string, value: unknown): Promise<void> {
    const config = this.game.settings.settings.get(key);
    if (!config?.config) throw new Error(`${this.name}: Configure Settings shows no setting ${key}`);
    if (config.scope !== 'client' && !this.user.isGM)
      throw new Error(`${this.name}: the world setting ${key} is shown to GMs only`);
    if (config.choices && !Object.keys(config.choices).includes(String(value)))
      throw new Error(`${this.name}: the setting ${key} offers no "${String(value)}"`);
    const [ns, ...rest] = key.split('.');
    await this.game.settings.set(ns, rest.join('.'), value);
    await this.table.settle();
  }
  /** The open application windows whose element matches a selector (e.g. the rules reference). */
  window(selector: string): HTMLElement | null {
    return this.dom.querySelector<HTMLElement>(selector);
  }
  /** Shows a text the way a journal page shows it: enriched by TextEditor.enrichHTML, in the page. */
  async showJournalText(content: string): Promise<HTMLElement> {
    const TextEditor = this.client.foundry.applications.ux.TextEditor.implementation;
    const html = await TextEditor.enrichHTML(content, { secrets: this.user.isGM });
    const page = this.dom.createElement('article');
    page.className = 'journal-entry-page text';
    page.innerHTML = html;
    this.dom.body.append(page);
    await this.table.settle();
    return page;
  }

  // --- chat ------------------------------------------------------------------------------------------

  /** The chat messages this person's log shows, oldest first. */
  messages(): HTMLElement[] {
    return [...this.dom.querySelectorAll<HTMLElement>('#chat .chat-log > li.chat-message')];
  }
  lastMessage(): HTMLElement {
    const m = this.messages();
    const last = m[m.length - 1];
    if (!last) throw new Error(`${this.name}'s chat log is empty`);
    return last;
  }
  /** The buttons of a card this person may press (visible), by label. */
  buttons(
    message: Element = this.lastMessage(),
  ): { label: string; enabled: boolean; el: HTMLButtonElement }[] {
    // Another person's log, or a card out of the log, is not what this person sees.
    if (!this.messages().includes(message as HTMLElement))
      throw new Error(`${this.name}'s chat log does not show this message (${describe(message)})`);
    return [...message.querySelectorAll<HTMLButtonElement>('button')].map((el) => ({
      label: (el.textContent ?? '').trim(),
      enabled: !el.disabled,
      el,
    }));
  }
  /** Presses the card button whose label contains `label`. */
  async press(label: string, message: Element = this.lastMessage()): Promise<void> {
    const b = this.buttons(message).find((x) => x.label.includes(label));
    if (!b)
      throw new Error(
        `${this.name} sees no button "${label}" (has: ${this.buttons(message)
          .map((x) => x.label)
          .join(', ')})`,
      );
    await this.click(b.el);
  }

  // --- sidebar -------------------------------------------------------------------------------------

  /** Opens the Compendium Packs tab of the sidebar; returns its element. */
  async openCompendiumDirectory(): Promise<HTMLElement> {
    const directory = this.client.ui.compendium;
    await this.client.track(directory.render(true));
    await this.table.settle();
    return directory.element;
  }
  /** The pack entries this person's Compendium Packs tab lists (collection ids). */
  compendiumEntries(): string[] {
    const list = this.client.ui.compendium?.element as HTMLElement | undefined;
    if (!list) throw new Error(`${this.name} has not opened the Compendium Packs tab`);
    return [...list.querySelectorAll<HTMLElement>('[data-pack]')].map((li) => li.dataset.pack ?? '');
  }
  // --- combat tracker ----------------------------------------------------------------------------

  async openTracker(): Promise<HTMLElement> {
    const tracker = this.client.ui.combat;
    await this.client.track(tracker.render(true));
    await this.table.settle();
    return tracker.element;
  }
  get tracker(): HTMLElement {
    return this.client.ui.combat.element;
  }

  // --- canvas ----------------------------------------------------------------------------------------

  /** A token this person sees on the canvas (a hidden token is the GMs' only). */
  token(name: string): any {
    const t = this.client.canvas.tokens.placeables.find((p: any) => p.name === name);
    if (!t) throw new Error(`${this.name} sees no token ${name}`);
    if (t.document.hidden && !this.user.isGM)
      throw new Error(`${this.name} sees no token ${name}: it is hidden`);
    return t;
  }
  /** Targets tokens by name (releasing other targets), as T over a token does. */
  async target(...names: string[]): Promise<void> {
    const tokens = names.map((n) => this.token(n));
    this.user.targets.clear();
    for (const t of tokens) t.setTarget(true, { releaseOthers: false });
    await this.table.settle();
  }
}

export class Table {
  readonly server = new FakeServer();
  readonly dice = new TableDice();
  readonly seats = new Map<string, Seat>();
  /** Every window of this table, closed once the test (or the file, for a hook's table) ends. */
  private readonly windows = windowGroup();

  /** Closes `window` with the table's own (a seat's popped-out window). */
  adoptWindow(window: ClosableWindow): void {
    this.windows.add(window);
  }
  private gmNames: string[] = [];

  static async open(options: TableOptions): Promise<Table> {
    const table = new Table();
    await table.setUp(options);
    return table;
  }

  private async setUp(options: TableOptions): Promise<void> {
    const gms = [...(options.gms ?? (options.assistants?.length ? [] : ['MJ']))];
    const assistants = [...(options.assistants ?? [])];
    this.gmNames = [...gms, ...assistants];
    const users = [
      ...gms.map((n, i) => this.server.addUser(n, 4, `gm${String(i + 1).padStart(14, '0')}`)),
      // Assistants' ids sort before the GMs': the active GM must still be the Gamemaster.
      ...assistants.map((n, i) => this.server.addUser(n, 3, `as${String(i + 1).padStart(14, '0')}`)),
      ...(options.players ?? ['Alice', 'Bruno']).map((n, i) =>
        this.server.addUser(n, 1, `pl${String(i + 1).padStart(14, '0')}`),
      ),
    ];
    this.server.settings.set('passe-d-armes.ruleset', options.ruleset);
    for (const [k, v] of Object.entries(options.settings ?? {}))
      this.server.settings.set(`passe-d-armes.${k}`, v);
    // A scene to place tokens on: 100 px squares of 1.5 m.
    this.server.world.scenes.set('scene0000000001', {
      _id: 'scene0000000001',
      name: 'Arène',
      active: true,
      grid: { size: 100, distance: 1.5, units: 'm' },
      tokens: [],
      flags: {},
    });
    for (const user of users) {
      const lang = typeof options.lang === 'string' ? options.lang : (options.lang?.[user.name] ?? 'fr');
      const client = new Client({
        server: this.server,
        userId: user._id,
        lang,
        dice: this.dice,
        generation: options.generation ?? 13,
      });
      this.windows.add(client.window);
      this.server.connect(client);
      this.seats.set(user.name, new Seat(this, client));
    }
    for (const seat of this.seats.values()) await seat.client.boot();
    await this.settle();
  }

  /** The first Gamemaster's seat (the first assistant's when no Gamemaster sits). */
  get gm(): Seat {
    return this.seat(this.gmNames[0]!);
  }
  seat(name: string): Seat {
    const s = this.seats.get(name);
    if (!s) throw new Error(`No one named ${name} at the table`);
    return s;
  }
  get clients(): Client[] {
    return [...this.seats.values()].map((s) => s.client);
  }

  /**
   * `name` reloads their page: their client disconnects and a fresh one (same user, same options)
   * loads the world from the server, as a browser reload does. Returns the new seat.
   */
  async reload(name: string): Promise<Seat> {
    const old = this.seat(name).client;
    await this.settle();
    this.server.disconnect(old.userId);
    const client = new Client({
      server: this.server,
      userId: old.userId,
      lang: old.game.i18n.lang,
      dice: this.dice,
      generation: old.game.release.generation,
      localStorage: old.clientSettings,
    });
    this.windows.add(client.window);
    this.server.connect(client);
    const seat = new Seat(this, client);
    this.seats.set(name, seat);
    await client.boot();
    await this.settle();
    return seat;
  }

  /** Lets every client finish what it is doing (hooks, renders, queries). */
  async settle(): Promise<void> {
    for (let i = 0; i < 3; i++) for (const c of this.clients) await c.settle();
  }

  /** Unexpected errors thrown on any client (hooks, renders). */
  errors(): unknown[] {
    return this.clients.flatMap((c) => c.errors);
  }

  // --- the GM preparing the session (as they would through the sidebar) -------------------------

  /** The GM imports an actor from a compendium (the compendium's "Import" entry). */
  async importActor(pack: string, name: string, owner?: string): Promise<any> {
    const game = this.gm.game;
    const p = game.packs.get(`passe-d-armes.${pack}`);
    if (!p) throw new Error(`No pack ${pack}`);
    const source = (await p.getDocuments()).find((d: any) => d.name === name);
    if (!source) throw new Error(`No ${name} in ${pack}`);
    const data = source.toObject();
    delete data._id;
    if (owner) data.ownership = { default: 0, [this.seat(owner).user.id]: OWNERSHIP.OWNER };
    const actor = await this.gm.client.CONFIG.Actor.documentClass.create(data);
    await this.settle();
    return actor;
  }

  /** The GM imports an Adventure from a compendium (the compendium's entry, then "Import"). */
  async importAdventure(pack: string, name?: string): Promise<Record<string, any[]>> {
    const p = this.gm.game.packs.get(`passe-d-armes.${pack}`);
    if (!p) throw new Error(`No pack ${pack}`);
    const docs = await p.getDocuments();
    const adventure = name ? docs.find((d: any) => d.name === name) : docs[0];
    if (!adventure) throw new Error(`No adventure ${name ?? ''} in ${pack}`);
    const { created } = await adventure.import();
    await this.settle();
    return created;
  }

  /** The GM activates a scene from the scenes sidebar (the others stop being active). */
  async activateScene(name: string): Promise<any> {
    const game = this.gm.game;
    const scene = game.scenes.getName(name);
    if (!scene) throw new Error(`No scene ${name}`);
    for (const other of game.scenes.contents as any[])
      if (other.active && other.id !== scene.id) await other.update({ active: false });
    await scene.update({ active: true });
    await this.settle();
    return scene;
  }

  /** The GM creates an actor from scratch (the sidebar's "Create Actor"). */
  async createActor(data: Record<string, unknown>, owner?: string): Promise<any> {
    const d: Record<string, unknown> = { ...data };
    if (owner) d.ownership = { default: 0, [this.seat(owner).user.id]: OWNERSHIP.OWNER };
    const actor = await this.gm.client.CONFIG.Actor.documentClass.create(d);
    await this.settle();
    return actor;
  }

  /** A compendium entry's uuid, to drag it onto a sheet. */
  packUuid(pack: string, name: string): string {
    const p = this.gm.game.packs.get(`passe-d-armes.${pack}`);
    const entry = p?.contents.find((d: any) => d.name === name);
    if (!entry) throw new Error(`No ${name} in ${pack}`);
    return entry.uuid;
  }

  /** The GM drags an actor onto the scene at grid square (col, row), with an elevation in m. */
  async placeToken(actorName: string, col: number, row: number, elevation = 0): Promise<any> {
    const game = this.gm.game;
    const actor = game.actors.getName(actorName);
    const scene = game.scenes.find((s: any) => s.active);
    const [token] = await scene.createEmbeddedDocuments('Token', [
      {
        name: actor.name,
        actorId: actor.id,
        x: col * 100,
        y: row * 100,
        elevation,
        disposition: actor.hasPlayerOwner ? 1 : -1,
      },
    ]);
    await this.settle();
    return token;
  }

  /** The GM selects tokens and adds them to a new combat (the token HUD's "toggle combat"). */
  async startEncounter(...actorNames: string[]): Promise<any> {
    const game = this.gm.game;
    const Combat = this.gm.client.CONFIG.Combat.documentClass;
    const scene = game.scenes.find((s: any) => s.active);
    const combat = await Combat.create({ scene: scene.id, active: true });
    const combatants = actorNames.map((n) => {
      const actor = game.actors.getName(n);
      const token = scene.tokens.find((t: any) => t.actorId === actor.id);
      return { actorId: actor.id, tokenId: token?.id ?? null, sceneId: scene.id };
    });
    await combat.createEmbeddedDocuments('Combatant', combatants);
    await this.settle();
    return combat;
  }
}

/**
 * Whether a control is disabled, by itself, by a disabled fieldset around it, or as part of a
 * disabled button (a click on a button's icon does not reach a disabled button either).
 */
function isDisabled(el: Element): boolean {
  return (
    Boolean((el as HTMLButtonElement).disabled) || Boolean(el.closest('fieldset[disabled], button[disabled]'))
  );
}

/** Whether a person can focus an element: a link, an enabled control, or one with a `tabindex`. */
function isFocusable(el: Element): boolean {
  if (isDisabled(el)) return false;
  const native = 'a[href], area[href], button, input:not([type="hidden"]), select, textarea, summary';
  if (el.matches(native) || ['', 'true'].includes(el.getAttribute('contenteditable') ?? 'no')) return true;
  const index = el.getAttribute('tabindex');
  return index !== null && index.trim() !== '' && Number.isInteger(Number(index));
}

/** A short name of an element for a message: its tag, id and classes. */
function describe(el: Element): string {
  const id = el.id ? `#${el.id}` : '';
  const classes = [...el.classList].map((c) => `.${c}`).join('');
  return `${el.tagName.toLowerCase()}${id}${classes}`;
}
