/* eslint-disable @typescript-eslint/no-explicit-any -- a recording stand-in for Quench's context */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESET_IDS } from '../../../src/engine/rulesets';
import { registerAllRulesets } from '../../../src/foundry/rulesets/all';
import { typesOf } from '../../../src/foundry/rulesets/registry';
import { registerQuenchSuite, SMOKE_BATCH, SMOKE_PLANS, smokeBatch } from '../../../src/quench/smoke';

const root = new URL('../../../', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(root, 'system.json'), 'utf8')) as {
  packs: { name: string; type: string }[];
};

function fakeQuench() {
  const batches: { key: string; fn: (context: any) => void; options: any }[] = [];
  return {
    batches,
    registerBatch: (key: string, fn: (context: any) => void, options: any) =>
      batches.push({ key, fn, options }),
  };
}

describe('the Quench smoke suite', () => {
  it('is absent until Quench announces itself, then registers one batch', () => {
    const quench = fakeQuench();
    registerQuenchSuite();
    expect(quench.batches).toHaveLength(0);
    (globalThis as any).Hooks.callAll('quenchReady', quench);
    expect(quench.batches.map((b) => b.key)).toEqual([SMOKE_BATCH]);
    expect(quench.batches[0]!.options.displayName).toMatch(/PASSE D'ARMES/);
  });

  it('plays every ruleset: one suite each, from fighters to the next round', () => {
    const suites: { title: string; tests: string[] }[] = [];
    const context = {
      describe: (title: string, fn: (this: any) => void) => {
        suites.push({ title, tests: [] });
        fn.call({ timeout: () => undefined });
      },
      it: (title: string) => suites.at(-1)!.tests.push(title),
      before: () => undefined,
      after: () => undefined,
      assert: {},
    };
    smokeBatch(context as never);
    expect(suites.map((s) => s.title.split('— ')[1])).toEqual([...RULESET_IDS]);
    for (const suite of suites) {
      expect(suite.tests.join(' | ')).toMatch(/compendium.*sheet.*card.*tracker.*next round/);
    }
  });

  it("takes each ruleset's fighters and weapons from packs and types that exist", () => {
    registerAllRulesets();
    const declared = new Map(manifest.packs.map((p) => [p.name, p.type]));
    for (const plan of SMOKE_PLANS) {
      expect(declared.get(plan.weaponPack), plan.weaponPack).toBe('Item');
      expect(typesOf(plan.id, 'Item')).toContain(plan.weaponType);
      expect(typesOf(plan.id, 'Actor')).toContain(plan.actorType);
      if (!plan.actorPack) continue;
      expect(declared.get(plan.actorPack), plan.actorPack).toBe('Actor');
      // The suite needs two armed fighters in the actor compendium.
      const folder = join(root, 'packs-src', plan.id, plan.actorPack);
      const armed = readdirSync(folder).filter((f) => {
        const doc = JSON.parse(readFileSync(join(folder, f), 'utf8')) as { items?: { type: string }[] };
        return (doc.items ?? []).some((i) => i.type === plan.weaponType);
      });
      expect(armed.length, plan.actorPack).toBeGreaterThanOrEqual(2);
    }
    // A weapon pack must hold the weapon type (the Greyhawk fighters are armed from it).
    for (const plan of SMOKE_PLANS) {
      const folder = join(root, 'packs-src', plan.id, plan.weaponPack);
      const types = readdirSync(folder).map(
        (f) => (JSON.parse(readFileSync(join(folder, f), 'utf8')) as { type: string }).type,
      );
      expect(types, plan.weaponPack).toContain(plan.weaponType);
    }
  });
});
