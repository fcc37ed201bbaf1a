import { DEFAULT_RULESET } from '../../engine/rulesets';

/**
 * The `carte` ChatMessage subtype: one message carries a whole chain (attack → defence → damage →
 * applied / undone, fumbles, resistance rolls). Common fields are explicit; the flow's own state
 * (rolls with their modifiers and rule IDs, the defence choice, the damage breakdown, the values
 * before an applied change for undo) is one object field written whole on every step.
 */
export const CARD_TYPE = 'carte';

function cardSchema() {
  const f = foundry.data.fields;
  return {
    ruleset: new f.StringField({ required: true, blank: false, initial: DEFAULT_RULESET }),
    flow: new f.StringField({ required: true, blank: true, initial: '' }),
    step: new f.StringField({ required: true, blank: true, initial: '' }),
    revision: new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    actorUuid: new f.StringField({ required: true, blank: true, initial: '' }),
    tokenUuid: new f.StringField({ required: true, blank: true, initial: '' }),
    itemId: new f.StringField({ required: true, blank: true, initial: '' }),
    targets: new f.ArrayField(
      new f.SchemaField({
        actorUuid: new f.StringField({ required: true, blank: true, initial: '' }),
        tokenUuid: new f.StringField({ required: true, blank: true, initial: '' }),
        name: new f.StringField({ required: true, blank: true, initial: '' }),
      }),
    ),
    combatId: new f.StringField({ required: true, blank: true, initial: '' }),
    round: new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    state: new f.ObjectField(),
    /** The write-ahead journal of an action whose writes are not all made (chat/journal.ts). */
    journal: new f.ObjectField(),
  };
}
type CardSchema = ReturnType<typeof cardSchema>;

export class CardData extends foundry.abstract.TypeDataModel<CardSchema, ChatMessage.Implementation> {
  static override defineSchema(): CardSchema {
    return cardSchema();
  }
}

declare module 'fvtt-types/configuration' {
  interface DataModelConfig {
    ChatMessage: { [CARD_TYPE]: typeof CardData };
  }
}
