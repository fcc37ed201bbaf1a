/**
 * Field builders of the Souffle data models. Limits follow what the engine accepts, so data a
 * model stores never makes the engine refuse.
 */
const fields = () => foundry.data.fields;

/** A required integer in [min, max]. */
export function intField(initial: number, min: number, max: number) {
  return new (fields().NumberField)({ required: true, nullable: false, integer: true, min, max, initial });
}

/** A string limited to the given choices. */
export function choiceField<T extends string>(choices: readonly T[], initial: T, blank = false) {
  return new (fields().StringField)({ required: true, blank, choices: [...choices], initial });
}

export function boolField(initial = false) {
  return new (fields().BooleanField)({ required: true, initial });
}

export function textField(initial = '') {
  return new (fields().StringField)({ required: true, blank: true, initial });
}

export function htmlField() {
  return new (fields().HTMLField)({ required: true, blank: true, initial: '' });
}

/** A gauge: current value and maximum. */
export function gaugeField(initial: number, max: number) {
  return new (fields().SchemaField)({ value: intField(initial, 0, max), max: intField(initial, 0, max) });
}
