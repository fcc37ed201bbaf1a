// Fantasia's models use the shared field builders (limits from src/engine/fantasia/validate.ts).
export {
  intField,
  optionalIntField,
  formulaField,
  choiceField,
  boolField,
  textField,
  htmlField,
} from '../../../models';
