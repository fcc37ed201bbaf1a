/**
 * The Handlebars sheet bases every ruleset's sheets extend.
 *
 * fvtt-types describes ApplicationV2 sheets with deeply generic types; overriding a render method
 * (`_prepareContext`, `_onRender`) in a subclass makes tsc compare those generics member by member,
 * which costs over ten million type instantiations and several gigabytes per sheet class. So the
 * mixed-in classes are built once here and exposed through the small surface our sheets use
 * (`SheetInstance`): the runtime classes are Foundry's own, the compiler checks our sheets against
 * that surface, and `npm test` stays fast and within memory.
 */

/** The render options Foundry passes to the render hooks; only forwarded, never inspected. */
export type RenderOptions = Record<string, unknown>;

/** What our sheets use of a Foundry document sheet. */
export interface SheetInstance<D> {
  readonly document: D;
  readonly element: HTMLElement;
  readonly isEditable: boolean;
  readonly options: Record<string, unknown>;
  tabGroups: Record<string, string>;
  render(options?: boolean | Record<string, unknown>): Promise<unknown>;
  close(options?: Record<string, unknown>): Promise<unknown>;
  changeTab(tab: string, group: string, options?: Record<string, unknown>): void;
  _prepareContext(options: RenderOptions): Promise<Record<string, unknown>>;
  _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: RenderOptions,
  ): Promise<Record<string, unknown>>;
  _onRender(context: Record<string, unknown>, options: RenderOptions): Promise<void>;
  _onFirstRender(context: Record<string, unknown>, options: RenderOptions): Promise<void>;
  _configureRenderParts(options: RenderOptions): Record<string, TemplatePart>;
}

/** One template part of a Handlebars application. */
export interface TemplatePart {
  template: string;
  templates?: string[];
  scrollable?: string[];
  classes?: string[];
  id?: string;
}

/** The static side our sheets override. */
export interface SheetClass<D> {
  new (options?: Record<string, unknown>): SheetInstance<D>;
  DEFAULT_OPTIONS: object;
  PARTS: Record<string, TemplatePart>;
  TABS?: Record<string, unknown>;
}

const { HandlebarsApplicationMixin } = foundry.applications.api;

/** Base of every actor sheet of the system. */
export const PasseDArmesActorSheetBase = HandlebarsApplicationMixin(
  foundry.applications.sheets.ActorSheetV2,
) as unknown as SheetClass<Actor.Implementation>;

/** Base of every item sheet of the system. */
export const PasseDArmesItemSheetBase = HandlebarsApplicationMixin(
  foundry.applications.sheets.ItemSheetV2,
) as unknown as SheetClass<Item.Implementation>;

/** What our combat tracker uses of Foundry's CombatTracker sidebar tab. */
export interface TrackerInstance {
  readonly element: HTMLElement;
  readonly viewed: Combat.Implementation | null;
  render(options?: boolean | Record<string, unknown>): Promise<unknown>;
  _prepareContext(options: RenderOptions): Promise<Record<string, unknown>>;
  _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: RenderOptions,
  ): Promise<Record<string, unknown>>;
  _onRender(context: Record<string, unknown>, options: RenderOptions): Promise<void>;
}

/** The static side our tracker overrides. */
export interface TrackerClass {
  new (options?: Record<string, unknown>): TrackerInstance;
  DEFAULT_OPTIONS: object;
  PARTS: Record<string, TemplatePart>;
}

/** Base of the system's combat tracker (set as CONFIG.ui.combat). */
export const PasseDArmesCombatTrackerBase = foundry.applications.sidebar.tabs
  .CombatTracker as unknown as TrackerClass;

/** What our plain applications (settings forms) use of a Handlebars ApplicationV2. */
export interface AppInstance {
  readonly element: HTMLElement;
  readonly options: Record<string, unknown>;
  render(options?: boolean | Record<string, unknown>): Promise<unknown>;
  close(options?: Record<string, unknown>): Promise<unknown>;
  _prepareContext(options: RenderOptions): Promise<Record<string, unknown>>;
  _onRender(context: Record<string, unknown>, options: RenderOptions): Promise<void>;
}

/** The static side our applications override. */
export interface AppClass {
  new (options?: Record<string, unknown>): AppInstance;
  DEFAULT_OPTIONS: object;
  PARTS: Record<string, TemplatePart>;
}

/** Base of the system's Handlebars applications that are not document sheets. */
export const PasseDArmesApplicationBase = HandlebarsApplicationMixin(
  foundry.applications.api.ApplicationV2,
) as unknown as AppClass;
