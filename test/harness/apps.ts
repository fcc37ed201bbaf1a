/**
 * Applications of one harness client, rendered into that client's DOM (happy-dom) the way
 * ApplicationV2 renders: context, then each PART through its Handlebars template, then the render
 * hooks; clicks on `[data-action]` call the class's `actions`, form changes and submits go
 * through `form.handler` (document sheets update their document). Templates are read from the
 * repository's templates/ and only those the code loaded (or rendered) are partials.
 * Behaviours and their public sources: test/harness/FAKE.md.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- a fake of Foundry's untyped application surface */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { registerHelpers } from '../../gallery/helpers';
import { deepClone, expandObject, mergeObject, randomID, type Obj } from '../fakes/data';

export const ROOT = join(import.meta.dirname, '..', '..');
const SYSTEM_PREFIX = 'systems/passe-d-armes/';

/** What applications need from their client. */
export interface AppHost {
  readonly window: any;
  readonly document: Document;
  readonly Hooks: { callAll(name: string, ...a: unknown[]): boolean };
  readonly translations: Obj;
  readonly game: any;
}

/** Minimal markup for the core templates our classes keep (the tracker's header part). */
const CORE_TEMPLATES: Record<string, string> = {
  'templates/sidebar/tabs/combat/header.hbs':
    '<header class="combat-tracker-header"><nav class="encounters">{{#if combat}}<span class="encounter-title">{{combat.round}}</span>{{/if}}</nav></header>',
};

/**
 * Compiled templates shared by every client of the process, by source text: Handlebars compiles
 * a template into a specification that no environment changes (helpers and partials are looked up
 * when it runs), so each client binds the same specification to its own environment instead of
 * compiling it again.
 */
const SPECS = new Map<string, TemplateSpecification | Error>();
type TemplateSpecification = Parameters<typeof Handlebars.template>[0];

function specFor(source: string): TemplateSpecification | Error {
  let spec = SPECS.get(source);
  if (!spec) {
    try {
      spec = new Function(`return ${Handlebars.precompile(source)};`)() as TemplateSpecification;
    } catch (error) {
      // Compiled lazily by `hb.compile` below, so the error surfaces when rendering, as before.
      spec = error instanceof Error ? error : new Error(String(error));
    }
    SPECS.set(source, spec);
  }
  return spec;
}

/** One client's template loader: Foundry's `getTemplate`, `loadTemplates` and `renderTemplate`. */
export function makeTemplates(host: AppHost) {
  const hb = Handlebars.create();
  registerHelpers(hb, host.translations);
  hb.registerHelper('formInput', () => '');
  hb.registerHelper('formGroup', () => '');
  hb.registerHelper('editor', (content: unknown) => new hb.SafeString(String(content ?? '')));
  hb.registerHelper('json', (v: unknown) => JSON.stringify(v));
  hb.registerHelper('times', (n: number, opts: Handlebars.HelperOptions) =>
    Array.from({ length: Number(n) || 0 }, (_, i) => opts.fn(i)).join(''),
  );
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  /** Paths of every template this client loaded, in order. */
  const loaded: string[] = [];

  function source(path: string): string {
    if (CORE_TEMPLATES[path]) return CORE_TEMPLATES[path]!;
    if (!path.startsWith(SYSTEM_PREFIX)) throw new Error(`Template ${path} is not one of the system's`);
    const file = join(ROOT, path.slice(SYSTEM_PREFIX.length));
    if (!existsSync(file)) throw new Error(`Template ${path} does not exist (404)`);
    return readFileSync(file, 'utf8');
  }

  /** Compiles a template once and registers it as a partial under its path. */
  function getTemplate(path: string, id?: string): Handlebars.TemplateDelegate {
    let template = compiled.get(path);
    if (!template) {
      const text = source(path);
      const spec = specFor(text);
      template = spec instanceof Error ? hb.compile(text) : hb.template(spec);
      compiled.set(path, template);
      loaded.push(path);
    }
    hb.registerPartial(id ?? path, template);
    return template;
  }

  async function loadTemplates(
    paths: string[] | Record<string, string>,
  ): Promise<Handlebars.TemplateDelegate[]> {
    const entries = Array.isArray(paths)
      ? paths.map((p) => [p, p] as const)
      : Object.entries(paths).map(([id, p]) => [p, id] as const);
    return entries.map(([p, id]) => getTemplate(p, id));
  }

  async function renderTemplate(path: string, data: Obj = {}): Promise<string> {
    return getTemplate(path)(data, { allowProtoPropertiesByDefault: true });
  }

  return { hb, getTemplate, loadTemplates, renderTemplate, loaded };
}

export type Templates = ReturnType<typeof makeTemplates>;

/** `FormDataExtended`: the form's named controls as a flat object, typed as Foundry types them. */
export function makeFormDataExtended() {
  return class FormDataExtended {
    object: Obj = {};
    constructor(form: HTMLElement) {
      const controls = form.querySelectorAll<HTMLInputElement>('input[name], select[name], textarea[name]');
      for (const el of controls) {
        if (el.disabled) continue;
        const name = el.name;
        const type = (el.type ?? '').toLowerCase();
        const dtype = el.dataset?.dtype;
        if (type === 'checkbox') {
          if (el.value && el.value !== 'on' && !dtype) {
            // A group of checkboxes with values: the checked values as a list.
            const list = (this.object[name] as string[] | undefined) ?? [];
            if (el.checked) list.push(el.value);
            this.object[name] = list;
          } else this.object[name] = el.checked;
          continue;
        }
        if (type === 'radio') {
          if (el.checked) this.object[name] = cast(el.value, dtype);
          else if (!(name in this.object)) this.object[name] = null;
          continue;
        }
        if (el.tagName === 'SELECT' && (el as unknown as HTMLSelectElement).multiple) {
          this.object[name] = [...(el as unknown as HTMLSelectElement).selectedOptions].map((o) => o.value);
          continue;
        }
        const numeric = type === 'number' || type === 'range' || dtype === 'Number';
        this.object[name] = numeric ? (el.value === '' ? null : Number(el.value)) : cast(el.value, dtype);
      }
    }
  };
}

function cast(value: string, dtype: string | undefined): unknown {
  if (dtype === 'Number') return value === '' ? null : Number(value);
  if (dtype === 'Boolean') return value === 'true';
  return value;
}

/**
 * happy-dom 21 picks the wrong option of a parsed `<select>` whose `selected` attribute is not on
 * its first option (it reports the second); a browser selects the option carrying the attribute.
 * Rendered HTML is passed through this so controls hold what the template asked for.
 */
export function fixSelects(root: ParentNode): void {
  for (const select of root.querySelectorAll<HTMLSelectElement>('select')) {
    const marked = [...select.options].filter((o) => o.hasAttribute('selected'));
    if (select.multiple) for (const o of select.options) o.selected = o.hasAttribute('selected');
    else if (marked.length) select.value = marked[marked.length - 1]!.value;
    else if (select.options.length) select.selectedIndex = 0;
  }
}

/** Merges DEFAULT_OPTIONS from the base class down, as ApplicationV2 does. */
function inheritedOptions(cls: any): Obj {
  const chain: any[] = [];
  for (let c = cls; c && c !== Object && c !== Function.prototype; c = Object.getPrototypeOf(c))
    chain.unshift(c);
  const out: Obj = {};
  for (const c of chain) {
    if (Object.prototype.hasOwnProperty.call(c, 'DEFAULT_OPTIONS'))
      mergeObject(out, copyPlain(stripFns(c.DEFAULT_OPTIONS)), { inplace: true });
  }
  // Actions and form handlers are functions: merged by reference.
  const actions: Obj = {};
  let form: Obj = {};
  for (const c of chain) {
    if (!Object.prototype.hasOwnProperty.call(c, 'DEFAULT_OPTIONS')) continue;
    Object.assign(actions, c.DEFAULT_OPTIONS.actions ?? {});
    if (c.DEFAULT_OPTIONS.form) form = { ...form, ...c.DEFAULT_OPTIONS.form };
  }
  out.actions = actions;
  out.form = form;
  return out;
}

function stripFns(options: Obj): Obj {
  const { actions: _a, form: _f, ...rest } = options ?? {};
  return rest;
}

/** Builds the application classes of one client. */
export function makeApplications(host: AppHost, templates: Templates) {
  const FormDataExtended = makeFormDataExtended();

  class ApplicationV2 {
    static DEFAULT_OPTIONS: Obj = {
      id: '{id}',
      classes: [],
      tag: 'div',
      window: { title: '' },
      actions: {},
      form: {},
      position: {},
    };
    static PARTS: Obj = {};
    static TABS: Obj = {};
    static RENDER_STATES = { ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 };
    options: Obj;
    element!: HTMLElement;
    state = 0;
    tabGroups: Record<string, string> = {};
    position: Obj = {};
    #id: string;

    constructor(options: Obj = {}) {
      const defaults = inheritedOptions(this.constructor);
      const { actions, form, ...rest } = options;
      this.options = mergeObject(defaults, copyPlain(rest), { inplace: true });
      this.options.actions = { ...defaults.actions, ...(actions ?? {}) };
      this.options.form = { ...defaults.form, ...(form ?? {}) };
      this.#id = String(this.options.id ?? '{id}').replace('{id}', `${this.constructor.name}-${randomID()}`);
      for (const [group, config] of Object.entries((this.constructor as any).TABS ?? {})) {
        this.tabGroups[group] = (config as Obj).initial ?? (config as Obj).tabs?.[0]?.id;
      }
    }
    get id(): string {
      return this.#id;
    }
    get rendered(): boolean {
      return this.state === 2;
    }
    get title(): string {
      return String(this.options.window?.title ?? '');
    }
    get window(): Obj {
      return { title: this.title };
    }
    get form(): HTMLFormElement | null {
      return (
        this.element?.tagName === 'FORM' ? this.element : this.element?.querySelector('form')
      ) as HTMLFormElement | null;
    }
    async _prepareContext(_options: Obj): Promise<Obj> {
      return {};
    }
    _configureRenderOptions(_options: Obj): void {}
    async _preFirstRender(_context: Obj, _options: Obj): Promise<void> {}
    async _preRender(_context: Obj, _options: Obj): Promise<void> {}
    async _renderHTML(_context: Obj, _options: Obj): Promise<unknown> {
      return '';
    }
    _replaceHTML(result: unknown, content: HTMLElement, _options: Obj): void {
      content.innerHTML = String(result ?? '');
      fixSelects(content);
    }
    async _onFirstRender(_context: Obj, _options: Obj): Promise<void> {}
    async _onRender(_context: Obj, _options: Obj): Promise<void> {}
    _onClose(_options: Obj): void {}

    _renderFrame(): HTMLElement {
      const doc = host.document;
      const el = doc.createElement(this.options.tag ?? 'div');
      el.id = this.id;
      el.className = ['application', ...(this.options.classes ?? [])].join(' ');
      const content = doc.createElement('section');
      content.className = 'window-content';
      el.append(content);
      el.addEventListener('click', (event: Event) => this.#onClick(event));
      el.addEventListener('change', (event: Event) => void this.#onChange(event));
      el.addEventListener('submit', (event: Event) => void this.#onSubmit(event));
      return el;
    }

    get contentElement(): HTMLElement {
      return (this.element.querySelector(':scope > .window-content') as HTMLElement) ?? this.element;
    }

    async render(options: boolean | Obj = {}, _legacy?: Obj): Promise<this> {
      const opts: Obj = typeof options === 'boolean' ? { force: options } : { ...options };
      if (!opts.force && !this.rendered) return this;
      this._configureRenderOptions(opts);
      const first = !this.element;
      opts.isFirstRender = first;
      const context = await this._prepareContext(opts);
      if (first) await this._preFirstRender(context, opts);
      await this._preRender(context, opts);
      const result = await this._renderHTML(context, opts);
      if (first) {
        this.element = this._renderFrame();
        host.document.body.append(this.element);
      } else if (!this.element.isConnected) host.document.body.append(this.element);
      this._replaceHTML(result, this.contentElement, opts);
      this.state = 2;
      if (first) await this._onFirstRender(context, opts);
      await this._onRender(context, opts);
      for (let c = this.constructor as any; c && c.name; c = Object.getPrototypeOf(c)) {
        host.Hooks.callAll(`render${c.name}`, this, this.element, context, opts);
        if (c === ApplicationV2) break;
      }
      return this;
    }

    async close(_options: Obj = {}): Promise<this> {
      this.element?.remove();
      this.state = -1;
      this._onClose(_options);
      return this;
    }

    bringToFront(): void {}
    setPosition(position: Obj = {}): Obj {
      Object.assign(this.position, position);
      return this.position;
    }

    changeTab(tab: string, group: string, _options: Obj = {}): void {
      this.tabGroups[group] = tab;
      for (const el of this.element?.querySelectorAll<HTMLElement>(`[data-group="${group}"][data-tab]`) ??
        []) {
        el.classList.toggle('active', el.dataset.tab === tab);
      }
    }

    #onClick(event: Event): void {
      const target = (event.target as HTMLElement | null)?.closest?.('[data-action]') as HTMLElement | null;
      if (!target || !this.element.contains(target)) return;
      const action = target.dataset.action ?? '';
      if (action === 'close') {
        void this.close();
        return;
      }
      if (action === 'tab') {
        this.changeTab(target.dataset.tab ?? '', target.dataset.group ?? 'primary');
        return;
      }
      const config = this.options.actions?.[action];
      const handler = typeof config === 'function' ? config : config?.handler;
      if (typeof handler !== 'function') return;
      event.preventDefault?.();
      const out = handler.call(this, event, target);
      if (out && typeof out.then === 'function') host.game.__track(out);
    }

    async #onChange(event: Event): Promise<void> {
      const formConfig = this.options.form ?? {};
      const form = this.form;
      if (!form || !formConfig.submitOnChange) return;
      if (!(event.target as HTMLElement)?.closest?.('form')) return;
      await host.game.__track(this._onSubmitForm(formConfig, event));
    }

    async #onSubmit(event: Event): Promise<void> {
      event.preventDefault?.();
      await host.game.__track(this._onSubmitForm(this.options.form ?? {}, event));
    }

    async _onSubmitForm(formConfig: Obj, event: Event): Promise<void> {
      const form = this.form;
      if (!form) return;
      const formData = new FormDataExtended(form);
      if (typeof formConfig.handler === 'function') {
        await formConfig.handler.call(this, event, form, formData);
      }
      if (formConfig.closeOnSubmit) await this.close();
    }
  }

  function HandlebarsApplicationMixin<T extends new (...args: any[]) => ApplicationV2>(Base: T) {
    class HandlebarsApplication extends Base {
      static PARTS: Obj = {};
      parts: Record<string, HTMLElement> = {};
      _configureRenderParts(_options: Obj): Obj {
        return deepClone((this.constructor as any).PARTS ?? {});
      }
      override async _preFirstRender(context: Obj, options: Obj): Promise<void> {
        await super._preFirstRender(context, options);
        // Foundry loads each part's template (and its listed `templates`) before the first render.
        const paths = new Set<string>();
        for (const part of Object.values(this._configureRenderParts(options)) as Obj[]) {
          if (part.template) paths.add(part.template);
          for (const t of part.templates ?? []) paths.add(t);
        }
        await templates.loadTemplates([...paths]);
      }
      async _preparePartContext(_partId: string, context: Obj, _options: Obj): Promise<Obj> {
        return context;
      }
      override async _renderHTML(context: Obj, options: Obj): Promise<unknown> {
        const parts = this._configureRenderParts(options);
        const wanted: string[] | undefined = options.parts;
        const out: Record<string, string> = {};
        for (const [partId, part] of Object.entries(parts) as [string, Obj][]) {
          if (wanted && !wanted.includes(partId)) continue;
          const partContext = await this._preparePartContext(partId, { ...context, partId }, options);
          out[partId] = await templates.renderTemplate(part.template, partContext);
        }
        return out;
      }
      override _replaceHTML(result: unknown, content: HTMLElement, options: Obj): void {
        const parts = this._configureRenderParts(options);
        for (const [partId, html] of Object.entries(result as Record<string, string>)) {
          const config = (parts as Obj)[partId] ?? {};
          let el = content.querySelector<HTMLElement>(`:scope > [data-application-part="${partId}"]`);
          if (!el) {
            el = host.document.createElement('div');
            el.dataset.applicationPart = partId;
            content.append(el);
          }
          el.innerHTML = html;
          fixSelects(el);
          for (const c of config.classes ?? []) el.classList.add(c);
          this.parts[partId] = el;
        }
      }
    }
    return HandlebarsApplication;
  }

  class DocumentSheetV2 extends ApplicationV2 {
    static override DEFAULT_OPTIONS: Obj = {
      tag: 'form',
      form: { submitOnChange: false, closeOnSubmit: false },
    };
    document: any;
    constructor(options: Obj = {}) {
      const document = options.document;
      super({ ...options, document: undefined, id: `${'{id}'}` });
      this.document = document;
      if (document) document.apps[this.id] = this;
      this.options.form.handler ??= DocumentSheetV2.#onSubmitDocumentForm;
    }
    get isEditable(): boolean {
      if (this.document?.pack) return false;
      return Boolean(this.document?.isOwner);
    }
    get actor(): any {
      return this.document?.documentName === 'Actor' ? this.document : this.document?.actor;
    }
    get item(): any {
      return this.document;
    }
    override get title(): string {
      return this.document?.name ?? '';
    }
    override async _prepareContext(options: Obj): Promise<Obj> {
      const base = await super._prepareContext(options);
      return {
        ...base,
        document: this.document,
        source: this.document?._source,
        editable: this.isEditable,
        user: host.game.user,
      };
    }
    _prepareSubmitData(_event: Event, _form: HTMLElement, formData: { object: Obj }): Obj {
      return expandObject(formData.object);
    }
    async _processSubmitData(_event: Event, _form: HTMLElement, submitData: Obj): Promise<void> {
      await this.document.update(submitData);
    }
    static async #onSubmitDocumentForm(
      this: DocumentSheetV2,
      event: Event,
      form: HTMLElement,
      formData: { object: Obj },
    ): Promise<void> {
      if (!this.isEditable) return;
      const submitData = this._prepareSubmitData(event, form, formData);
      await this._processSubmitData(event, form, submitData);
    }
    override async close(options: Obj = {}): Promise<this> {
      if (this.document) delete this.document.apps[this.id];
      const out = await super.close(options);
      if (this.document?._sheet === this) this.document._sheet = null;
      return out;
    }
  }

  class ActorSheetV2 extends DocumentSheetV2 {
    /** Drops: an Item (from a compendium, the sidebar or another actor) becomes an owned copy. */
    async _onDrop(event: DragEvent): Promise<unknown> {
      const data = JSON.parse(event.dataTransfer?.getData('text/plain') ?? '{}');
      if (host.Hooks.callAll('dropActorSheetData', this.document, this, data) === false) return null;
      if (data.type !== 'Item') return null;
      const item = await host.game.__fromUuid(data.uuid);
      if (!item) return null;
      return this._onDropItem(event, item);
    }
    async _onDropItem(_event: DragEvent, item: any): Promise<unknown> {
      if (!this.isEditable) return null;
      if (item.parent?.id === this.document.id) return null;
      const data = item.toObject();
      delete data._id;
      return this.document.createEmbeddedDocuments('Item', [data]);
    }
  }

  class ItemSheetV2 extends DocumentSheetV2 {}

  /** DialogV2: rendered like any application; resolves with the clicked button's result. */
  class DialogV2 extends ApplicationV2 {
    static override DEFAULT_OPTIONS: Obj = { tag: 'dialog', classes: ['dialog'] };
    #resolve: ((v: unknown) => void) | null = null;
    config: Obj;
    constructor(config: Obj = {}) {
      super({ ...config, tag: 'form', classes: ['dialog', ...(config.classes ?? [])] });
      this.config = config;
    }
    override async _renderHTML(): Promise<unknown> {
      const buttons = (this.config.buttons ?? []) as Obj[];
      const esc = Handlebars.Utils.escapeExpression;
      return `<div class="dialog-content standard-form">${this.config.content ?? ''}</div><footer class="form-footer">${buttons
        .map(
          (b) =>
            `<button type="button" data-dialog-button="${esc(b.action)}">${esc(b.label ?? b.action)}</button>`,
        )
        .join('')}</footer>`;
    }
    override async _onRender(context: Obj, options: Obj): Promise<void> {
      await super._onRender(context, options);
      for (const el of this.element.querySelectorAll<HTMLButtonElement>('[data-dialog-button]')) {
        el.addEventListener('click', (event: Event) => {
          const button = (this.config.buttons as Obj[]).find((b) => b.action === el.dataset.dialogButton)!;
          Object.defineProperty(el, 'form', { value: this.element, configurable: true });
          const value = button.callback ? button.callback(event, el, this) : button.action;
          void Promise.resolve(value).then((v) => {
            this.#resolve?.(v);
            this.#resolve = null;
            void this.close();
          });
        });
      }
      if (typeof this.config.render === 'function') this.config.render(new Event('render'), this);
    }
    override async close(options: Obj = {}): Promise<this> {
      this.#resolve?.(this.config.rejectClose ? Promise.reject(new Error('closed')) : null);
      this.#resolve = null;
      return super.close(options);
    }
    static async wait(config: Obj = {}): Promise<unknown> {
      const dialog = new DialogV2(config);
      const done = new Promise((resolve) => (dialog.#resolve = resolve));
      await dialog.render(true);
      return done;
    }
    static async prompt(config: Obj = {}): Promise<unknown> {
      const ok = { action: 'ok', label: 'OK', ...(config.ok ?? {}) };
      return DialogV2.wait({ ...config, buttons: [ok] });
    }
    static async confirm(config: Obj = {}): Promise<unknown> {
      return DialogV2.wait({
        ...config,
        buttons: [
          { action: 'yes', label: 'Yes', callback: () => true, ...(config.yes ?? {}) },
          { action: 'no', label: 'No', callback: () => false, ...(config.no ?? {}) },
        ],
      });
    }
  }

  /** Core's combat tracker tab: the header part, and `viewed` (the combat shown). */
  class CombatTracker extends HandlebarsApplicationMixin(ApplicationV2) {
    static override DEFAULT_OPTIONS: Obj = { id: 'combat', classes: ['combat-sidebar'], actions: {} };
    static override PARTS: Obj = { header: { template: 'templates/sidebar/tabs/combat/header.hbs' } };
    get viewed(): any {
      return host.game.combat ?? null;
    }
    override async _prepareContext(options: Obj): Promise<Obj> {
      const base = await super._prepareContext(options);
      return { ...base, combat: this.viewed, user: host.game.user };
    }
  }

  /**
   * Core's Compendium Packs sidebar tab: one entry per pack the user may see (a GM every pack, a
   * player those whose ownership gives players at least Limited), `li.directory-item.compendium`
   * carrying the pack's collection id in `data-pack`.
   */
  class CompendiumDirectory extends ApplicationV2 {
    static override DEFAULT_OPTIONS: Obj = { id: 'compendium', classes: ['compendium-sidebar'], actions: {} };
    override async _renderHTML(): Promise<unknown> {
      const esc = Handlebars.Utils.escapeExpression;
      const levels: Obj = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 };
      const user = host.game.user;
      const shown = (host.game.packs.contents as any[]).filter(
        (p) => user.isGM || (levels[p.metadata?.ownership?.PLAYER ?? 'OBSERVER'] ?? 0) >= 1,
      );
      return `<ol class="directory-list">${shown
        .map(
          (p) =>
            `<li class="directory-item compendium" data-pack="${esc(p.collection)}"><span class="entry-name">${esc(p.title)}</span></li>`,
        )
        .join('')}</ol>`;
    }
  }

  /** Sheet registrations by document name (`DocumentSheetConfig.registerSheet`). */
  const sheets: {
    documentName: string;
    sheetClass: any;
    types: string[];
    makeDefault: boolean;
    scope: string;
    label?: string;
  }[] = [];
  const DocumentSheetConfig = {
    registerSheet(documentClass: any, scope: string, sheetClass: any, options: Obj = {}) {
      sheets.push({
        documentName: documentClass.documentName,
        sheetClass,
        types: options.types ?? [],
        makeDefault: Boolean(options.makeDefault),
        scope,
        label: options.label,
      });
    },
    unregisterSheet(documentClass: any, scope: string, sheetClass?: any, options: Obj = {}) {
      for (let i = sheets.length - 1; i >= 0; i--) {
        const s = sheets[i]!;
        if (s.documentName !== documentClass.documentName || s.scope !== scope) continue;
        if (sheetClass && s.sheetClass !== sheetClass) continue;
        if (options.types && !options.types.some((t: string) => s.types.includes(t))) continue;
        sheets.splice(i, 1);
      }
    },
  };
  function sheetClassFor(documentName: string, type: string): any {
    const candidates = sheets.filter(
      (s) => s.documentName === documentName && (s.types.length === 0 || s.types.includes(type)),
    );
    return (candidates.find((s) => s.makeDefault) ?? candidates[0])?.sheetClass;
  }

  return {
    ApplicationV2,
    HandlebarsApplicationMixin,
    DocumentSheetV2,
    ActorSheetV2,
    ItemSheetV2,
    DialogV2,
    CombatTracker,
    CompendiumDirectory,
    DocumentSheetConfig,
    FormDataExtended,
    sheetClassFor,
    sheets,
  };
}

/** Copies plain objects and arrays; functions, documents and elements are kept by reference. */
function copyPlain<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => copyPlain(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value as Obj)) out[k] = copyPlain(v);
    return out as T;
  }
  return value;
}
