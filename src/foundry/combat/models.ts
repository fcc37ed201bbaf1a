/**
 * Round state stored in documents, so every client (a reload, a late joiner) rebuilds the same
 * round: the Combat holds the schedule (step, pass, slots, slot index, initiative order, who is
 * out) and, in `sealed`, each combatant's declaration, readiness and budgets: GM-written only,
 * since a player may edit their own Combatant. Values are the engine's plain JSON
 * (src/engine/round/types.ts); the engine validates them, the schema only keeps their shape. Arrays
 * are replaced whole by an update, so slots and order can be plain object arrays.
 */

function combatSchema() {
  const f = foundry.data.fields;
  return {
    /** Ruleset id of the round (RoundRules.id); '' before the combat starts. */
    rules: new f.StringField({ required: true, blank: true, initial: '' }),
    /** Current step id ('declaration', 'pass2'…); '' when no round runs. */
    step: new f.StringField({ required: true, blank: true, initial: '' }),
    /** Current pass, during a resolve step. */
    pass: new f.NumberField({ required: false, nullable: true, integer: true, min: 1, initial: null }),
    /** Index of the current slot, -1 for none. */
    slotIndex: new f.NumberField({ required: true, nullable: false, integer: true, min: -1, initial: -1 }),
    /** The schedule (engine Slot objects), pass by pass, in acting order. */
    slots: new f.ArrayField(new f.ObjectField()),
    /** Initiative order (engine InitiativeEntry objects). */
    order: new f.ArrayField(new f.ObjectField()),
    /** Combatant ids out of the fight. */
    out: new f.ArrayField(new f.StringField({ required: true, blank: false })),
    /**
     * Combatant ids the GM marked caught by surprise (F-R10): here, on the GM's document, not on
     * the Combatant, whose owner may write it.
     */
    surprised: new f.ArrayField(new f.StringField({ required: true, blank: false })),
    /** Secret thrusts already landed in this fight, attacker/foe/thrust keys (F-B5). */
    thrustMemory: new f.ArrayField(new f.StringField({ required: true, blank: false })),
    /**
     * The GM's copy of each combatant's round fields (`declarations`, `budgets`, `readiness`: the
     * JSON the Combatants show), read by the round instead of the Combatants', which their
     * owners may edit (combat/store.ts).
     */
    sealed: new f.ObjectField(),
  };
}
export type CombatRoundSchema = ReturnType<typeof combatSchema>;

export class CombatRoundModel extends foundry.abstract.TypeDataModel<
  CombatRoundSchema,
  Combat.Implementation
> {
  static override defineSchema(): CombatRoundSchema {
    return combatSchema();
  }
}

function combatantSchema() {
  const f = foundry.data.fields;
  // Declaration, readiness and budgets are ruleset-shaped and must be replaced whole on update (an
  // object field would be merged key by key and keep stale keys), so they are stored as JSON text.
  const json = () => new f.StringField({ required: true, blank: true, initial: '' });
  return {
    // Legacy: where rounds stored before the Combat's `sealed` copy kept these three fields. They
    // are read only for such a round and cleared at its next write (combat/store.ts).
    /** This round's declaration as JSON, '' before it is made. */
    declaration: json(),
    /** Readiness carried over rounds as JSON, '' before the combat starts. */
    readiness: json(),
    /** This round's budgets as JSON: { pool: { max, used } }. */
    budgets: json(),
    /** Legacy: where the surprise mark (F-R10) was kept; no longer read (the Combat's `surprised`). */
    surprised: new f.BooleanField({ required: true, initial: false }),
  };
}
export type CombatantRoundSchema = ReturnType<typeof combatantSchema>;

export class CombatantRoundModel extends foundry.abstract.TypeDataModel<
  CombatantRoundSchema,
  Combatant.Implementation
> {
  static override defineSchema(): CombatantRoundSchema {
    return combatantSchema();
  }
}

declare module 'fvtt-types/configuration' {
  interface DataModelConfig {
    Combat: { base: typeof CombatRoundModel };
    Combatant: { base: typeof CombatantRoundModel };
  }
}
