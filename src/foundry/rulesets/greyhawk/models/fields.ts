/**
 * Field builders of the Greyhawk data models. Limits follow the engine's tables so that data a
 * model accepts never makes the engine refuse.
 */
const fields = () => foundry.data.fields;

export function intField(initial: number, min: number, max: number) {
  return new (fields().NumberField)({ required: true, nullable: false, integer: true, min, max, initial });
}

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

export function choiceField<T extends string>(choices: readonly T[], initial: T) {
  return new (fields().StringField)({ required: true, blank: false, choices: [...choices], initial });
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

export function stringList() {
  const f = fields();
  return new f.ArrayField(new f.StringField({ required: true, blank: false }));
}
