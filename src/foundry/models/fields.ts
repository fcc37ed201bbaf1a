import { isFormula } from '../../engine/dice/formula';

/**
 * Field builders shared by every ruleset's data models. Each ruleset sets the limits from its
 * engine's validator, so that data a model accepts never makes the engine refuse.
 */
const fields = () => foundry.data.fields;

/** A required integer in [min, max]. */
export function intField(initial: number, min: number, max: number) {
  return new (fields().NumberField)({ required: true, nullable: false, integer: true, min, max, initial });
}

/** An optional integer in [min, max]; null means "use the derived value". */
export function optionalIntField(min: number, max: number) {
  return new (fields().NumberField)({
    required: false,
    nullable: true,
    integer: true,
    min,
    max,
    initial: null,
  });
}

/** A dice formula checked by the engine's parser ("1d6+2"); `allowEmpty` accepts '' for "none". */
export function formulaField(initial: string, allowEmpty = false) {
  return new (fields().StringField)({
    required: true,
    blank: allowEmpty,
    initial,
    validate: (value: unknown) =>
      typeof value === 'string' && ((allowEmpty && value === '') || isFormula(value)),
    validationError: 'is not a dice formula',
  });
}

/** A string limited to the given choices; `blank` also accepts ''. */
export function choiceField<T extends string>(choices: readonly T[], initial: T, blank = false) {
  return new (fields().StringField)({ required: true, blank, choices: [...choices], initial });
}

export function boolField(initial = false) {
  return new (fields().BooleanField)({ required: true, initial });
}

/** A plain text field ('' allowed), e.g. an id or a catalogue type. */
export function textField(initial = '') {
  return new (fields().StringField)({ required: true, blank: true, initial });
}

/** Rich text (biography, description). */
export function htmlField() {
  return new (fields().HTMLField)({ required: true, blank: true, initial: '' });
}

/** A list of non-empty strings. */
export function stringList() {
  const f = fields();
  return new f.ArrayField(new f.StringField({ required: true, blank: false }));
}

/** A gauge: current value and maximum. */
export function gaugeField(initial: number, max: number) {
  return new (fields().SchemaField)({ value: intField(initial, 0, max), max: intField(initial, 0, max) });
}
