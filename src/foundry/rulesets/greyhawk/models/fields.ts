// Greyhawk's models use the shared field builders (limits from the engine's tables).
export {
  intField,
  optionalIntField,
  choiceField,
  boolField,
  textField,
  htmlField,
  stringList,
} from '../../../models';
