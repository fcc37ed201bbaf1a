/**
 * The front door of src/foundry/models/: what files outside this folder may import.
 * Files inside the folder import each other directly, never this index.
 */

export {
  type ItemLike,
  itemsOf,
  plainSystem,
  sheetHeader,
  sheetItemRow,
  sheetTabs,
  type TabContext,
} from './documents-data';
export {
  boolField,
  choiceField,
  formulaField,
  htmlField,
  intField,
  optionalIntField,
  stringList,
  textField,
} from './fields';
