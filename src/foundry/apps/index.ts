/**
 * The front door of src/foundry/apps/: what files outside this folder may import.
 * Files inside the folder import each other directly, never this index.
 */

export { createElementNear, isFormElement, listenOnce } from './dom';
export { waitOrDefaults, withDialogDefaults } from './dialog-defaults';
export { activeFormData, bindSections, sectionContext, type SectionRule, withoutInactive } from './sections';
export {
  PasseDArmesActorSheetBase,
  PasseDArmesApplicationBase,
  PasseDArmesCombatTrackerBase,
  PasseDArmesItemSheetBase,
  type RenderOptions,
  type TemplatePart,
} from './sheet-bases';
