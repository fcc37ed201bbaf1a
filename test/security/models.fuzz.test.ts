/* eslint-disable @typescript-eslint/no-explicit-any -- fuzzing models through the fake documents */
/**
 * Every data model of the three rulesets, fuzzed: arbitrary source data either is refused by the
 * model's validation (nothing is created) or gives a document whose engine view and derived
 * values never throw and never hold NaN; an update of one field either is refused and changes
 * nothing, or changes that field only.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fantasiaRuleset } from '../../src/foundry/rulesets/fantasia';
import { greyhawkRuleset } from '../../src/foundry/rulesets/greyhawk';
import { souffleRuleset } from '../../src/foundry/rulesets/souffle';
import type { FoundryRuleset } from '../../src/foundry/rulesets/types';
import { sheetInputFromActor as fantasiaInput } from '../../src/foundry/rulesets/fantasia/sheets/actor-sheet';
import { actorSheetContext as fantasiaSheet } from '../../src/foundry/rulesets/fantasia/sheets/context';
import { sheetInputFromActor as greyhawkInput } from '../../src/foundry/rulesets/greyhawk/sheets/actor-sheet';
import { actorSheetContext as greyhawkSheet } from '../../src/foundry/rulesets/greyhawk/sheets/context';
import { sheetInputFromActor as souffleInput } from '../../src/foundry/rulesets/souffle/sheets/actor-sheet';
import { souffleSheetContext as souffleSheet } from '../../src/foundry/rulesets/souffle/sheets/context';
import { FakeActor, FakeItem } from '../fakes/foundry';
import { fieldValue, firstNonFinite, getPath, leafPaths, schemaSource } from './arbitraries';

const RUNS = 400;
const g = globalThis as any;
const RULESETS: readonly FoundryRuleset[] = [fantasiaRuleset, souffleRuleset, greyhawkRuleset];

function install(ruleset: FoundryRuleset): void {
  Object.assign(g.CONFIG.Actor.dataModels, ruleset.actorModels ?? {});
  Object.assign(g.CONFIG.Item.dataModels, ruleset.itemModels ?? {});
}

/** A model's validation refusal (the fake's wording for Foundry's DataModelValidationError). */
function isValidationError(error: unknown): boolean {
  return error instanceof Error && /validation errors/.test(error.message);
}

/** The sheet's context of each ruleset: every value the sheet shows is derived here. */
const SHEETS: Record<string, (actor: any) => unknown> = {
  fantasia: (a) => fantasiaSheet(fantasiaInput(a, true, '')),
  greyhawk: (a) => greyhawkSheet(greyhawkInput(a, true, '')),
  souffle: (a) => souffleSheet(souffleInput(a, true, '')),
};

/** Everything the engine and the sheets derive from an actor; throws what they throw. */
function actorViews(actor: any): unknown[] {
  const s = actor.system;
  const rules = Object.keys(SHEETS).find(
    (id) => RULESETS.find((r) => r.id === id)?.actorModels?.[actor.type],
  );
  const out: unknown[] = [s.toEngine(), rules ? SHEETS[rules]!(actor) : undefined];
  for (const m of ['engineStates', 'engineWeapons', 'engineShield', 'engineArmour', 'engineThrusts'])
    if (typeof s[m] === 'function') out.push(s[m]());
  if (s.derived) out.push(s.derived);
  return out;
}

function itemViews(item: any): unknown[] {
  const s = item.system;
  const out: unknown[] = [];
  for (const m of ['toEngine', 'toArmour', 'toShield']) if (typeof s[m] === 'function') out.push(s[m]());
  return out;
}

function expectSound(views: unknown[], source: unknown): void {
  const bad = firstNonFinite(views);
  if (bad) throw new Error(`NaN or infinite at ${bad} for ${JSON.stringify(source)}`);
}

/** A plain actor of the ruleset's first actor type, to carry a fuzzed item. */
function carrier(ruleset: FoundryRuleset): any {
  const type = Object.keys(ruleset.actorModels ?? {})[0]!;
  return new FakeActor({ name: 'Porteur', type, system: {} });
}

for (const ruleset of RULESETS) {
  describe(`${ruleset.id} data models under fuzzing`, () => {
    for (const [type, Model] of Object.entries(ruleset.actorModels ?? {}) as [string, any][]) {
      it(`${type}: arbitrary source is refused or gives a sound engine view (${RUNS} runs)`, () => {
        install(ruleset);
        fc.assert(
          fc.property(schemaSource(Model.schema.fields), (source) => {
            let actor: any;
            try {
              actor = new FakeActor({ name: 'Fuzz', type, system: source });
            } catch (error) {
              expect(isValidationError(error)).toBe(true);
              return;
            }
            expectSound(actorViews(actor), source);
          }),
          { numRuns: RUNS },
        );
      });

      it(`${type}: an update of one field is refused whole or changes that field only (${RUNS} runs)`, () => {
        install(ruleset);
        const leaves = leafPaths(Model.schema.fields);
        const change = fc
          .constantFrom(...leaves)
          .chain(([path, field]) => fc.tuple(fc.constant(path), fieldValue(field)));
        fc.assert(
          fc.property(schemaSource(Model.schema.fields), change, (source, [path, value]) => {
            let actor: any;
            try {
              actor = new FakeActor({ name: 'Fuzz', type, system: source });
            } catch {
              return;
            }
            const before = actor.system.toObject();
            const nested: Record<string, unknown> = {};
            g.foundry.utils.setProperty(nested, path, value);
            try {
              actor.system.updateSource(nested);
            } catch (error) {
              // The fake's merge cannot put a prototype key such as `constructor` into an array
              // field and throws a TypeError; either way the update is refused whole.
              const prototypeKey = /"(constructor|__proto__)"/.test(JSON.stringify(value) ?? '');
              expect(isValidationError(error) || (prototypeKey && error instanceof TypeError)).toBe(true);
              expect(actor.system.toObject()).toEqual(before);
              return;
            }
            const after = actor.system.toObject();
            for (const [other] of leaves) {
              if (other === path) continue;
              expect([other, getPath(after, other)]).toEqual([other, getPath(before, other)]);
            }
            actor.prepareData();
            expectSound(actorViews(actor), after);
          }),
          { numRuns: RUNS },
        );
      });
    }

    for (const [type, Model] of Object.entries(ruleset.itemModels ?? {}) as [string, any][]) {
      it(`${type}: arbitrary item source is refused or gives sound item and actor views (${RUNS} runs)`, async () => {
        install(ruleset);
        await fc.assert(
          fc.asyncProperty(schemaSource(Model.schema.fields), async (source) => {
            let item: any;
            try {
              item = new FakeItem({ name: 'Fuzz', type, system: source });
            } catch (error) {
              expect(isValidationError(error)).toBe(true);
              return;
            }
            expectSound(itemViews(item), source);
            // Carried by an actor, the item never breaks the actor's engine view either.
            const actor = carrier(ruleset);
            await actor.createEmbeddedDocuments('Item', [{ name: 'Fuzz', type, system: source }]);
            expectSound(actorViews(actor), source);
          }),
          { numRuns: RUNS },
        );
      });
    }
  });
}
