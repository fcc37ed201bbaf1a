/// <reference types="mocha" />
/**
 * The in-Foundry smoke suite, run with the Quench module (docs/testing-in-foundry.md). It is
 * bundled in the system but only registers on Quench's `quenchReady` hook, so a world without
 * Quench never sees it. Run as the GM in a disposable world: for each ruleset it creates fighters
 * from that ruleset's compendiums, renders their sheets, plays an attack card's first step and a
 * short combat through the combat tracker, checks the documents at each step, and deletes what it
 * created.
 */
import type { Quench, QuenchBatchContext } from '@ethaks/fvtt-quench';
import type { RulesetId } from '../engine/rulesets';
import { cardActions, makeEnv, snapshotOf, requestCardAction, type CardTarget } from '../foundry/chat';
import { startAttack } from '../foundry/rulesets/fantasia/cards/start';
import { startGreyhawkAttack } from '../foundry/rulesets/greyhawk/cards/start';
import { startSouffleAttack } from '../foundry/rulesets/souffle/cards/start';
import { SYSTEM_ID } from '../foundry/constants';
import { sendRoundCommand, type CombatLike } from '../foundry/combat';
import { typesOf } from '../foundry/rulesets/registry';

export const SMOKE_BATCH = `${SYSTEM_ID}.smoke`;

/** Where each ruleset's fighters and weapons come from, and how its attack card starts. */
interface RulesetPlan {
  readonly id: RulesetId;
  /** Actor compendium of the ruleset; absent: fighters are made of `actorType` plus a pack weapon. */
  readonly actorPack?: string;
  readonly actorType: string;
  readonly weaponPack: string;
  readonly weaponType: string;
  start(actor: Actor, itemId: string, targets: CardTarget[], combatId: string): Promise<ChatMessage[]>;
}

export const SMOKE_PLANS: readonly RulesetPlan[] = [
  {
    id: 'fantasia',
    actorPack: 'fantasia-bestiaire',
    actorType: 'aventurier',
    weaponPack: 'fantasia-armes',
    weaponType: 'arme',
    start: (actor, itemId, targets, combatId) =>
      startAttack(actor, itemId, { targets, combatId, skipDialog: true }),
  },
  {
    id: 'greyhawk',
    actorType: 'guerrier-adnd',
    weaponPack: 'greyhawk-armes',
    weaponType: 'arme-adnd',
    start: (actor, itemId, targets) => startGreyhawkAttack(actor, itemId, { targets, skipDialog: true }),
  },
  {
    id: 'souffle',
    actorPack: 'souffle-combattants',
    actorType: 'combattant',
    weaponPack: 'souffle-equipement',
    weaponType: 'arme-souffle',
    start: (actor, itemId, targets, combatId) =>
      startSouffleAttack(actor, itemId, { targets, combatId, skipDialog: true }),
  },
];

/** Documents the suite made, deleted in reverse order whatever happened. */
interface Deletable {
  readonly id: string | null;
  delete(): Promise<unknown>;
}

// Foundry's document classes through the calls the suite makes; the real signatures are generic
// over every document type, which the suite does not need.
interface DocumentClassLike {
  create(data: object): Promise<unknown>;
}
const ActorClass = (): DocumentClassLike => CONFIG.Actor.documentClass as unknown as DocumentClassLike;
const CombatClass = (): DocumentClassLike => CONFIG.Combat.documentClass as unknown as DocumentClassLike;

interface PackLike {
  readonly documentName: string;
  getDocuments(): Promise<
    { type: string; name: string; toObject(): object; items?: Iterable<{ type: string }> }[]
  >;
}

function pack(name: string): PackLike {
  const found = game.packs?.get(`${SYSTEM_ID}.${name}`) as unknown as PackLike | undefined;
  if (!found) throw new Error(`compendium ${SYSTEM_ID}.${name} is missing`);
  return found;
}

/** Waits until `check` holds (a click's handler runs asynchronously), or fails after `ms`. */
async function until(what: string, check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Clicks a tracker button when it is rendered; otherwise runs the command it stands for. */
async function trackerStep(
  combat: CombatLike,
  action: string,
  fallback: Parameters<typeof sendRoundCommand>[1],
  done: () => boolean,
): Promise<'clicked' | 'command'> {
  const tracker = ui.combat as unknown as {
    element?: HTMLElement;
    render(o: object): Promise<unknown>;
  } | null;
  await tracker?.render({ force: true });
  const button = tracker?.element?.querySelector<HTMLElement>(`[data-action="${action}"]`);
  if (button) {
    button.click();
    await until(action, done);
    return 'clicked';
  }
  await sendRoundCommand(combat, fallback);
  await until(action, done);
  return 'command';
}

interface ActorDoc extends Deletable {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly items: Iterable<{ id: string | null; type: string }>;
  readonly sheet: {
    render(o: object): Promise<unknown>;
    close(): Promise<unknown>;
    rendered: boolean;
  } | null;
  createEmbeddedDocuments(name: 'Item', data: object[]): Promise<unknown>;
}

/** Two fighters of the ruleset, each holding a weapon, made from its compendiums. */
async function makeFighters(plan: RulesetPlan, made: Deletable[]): Promise<ActorDoc[]> {
  const weapons = (await pack(plan.weaponPack).getDocuments()).filter((d) => d.type === plan.weaponType);
  if (!weapons.length) throw new Error(`${plan.weaponPack} holds no ${plan.weaponType}`);
  let sources: object[];
  if (plan.actorPack) {
    const docs = (await pack(plan.actorPack).getDocuments()).filter((d) =>
      [...(d.items ?? [])].some((i) => i.type === plan.weaponType),
    );
    sources = docs.slice(0, 2).map((d) => ({ ...d.toObject(), name: `[smoke] ${d.name}` }));
  } else {
    sources = [1, 2].map((n) => ({ name: `[smoke] ${plan.id} ${n}`, type: plan.actorType }));
  }
  const fighters: ActorDoc[] = [];
  for (const source of sources) {
    const actor = (await ActorClass().create(source)) as ActorDoc;
    made.push(actor);
    if (![...actor.items].some((i) => i.type === plan.weaponType)) {
      await actor.createEmbeddedDocuments('Item', [weapons[0]!.toObject()]);
    }
    fighters.push(actor);
  }
  return fighters;
}

/** The batch: one describe per ruleset. */
export function smokeBatch(context: QuenchBatchContext): void {
  const { describe, it, before, after } = context;
  // An explicit annotation, so chai's assertion signatures narrow types (TS2775).
  const assert: Chai.AssertStatic = context.assert;

  for (const plan of SMOKE_PLANS) {
    describe(`Passe d'armes — ${plan.id}`, function (this: Mocha.Suite) {
      this.timeout(30_000);
      const made: Deletable[] = [];
      let fighters: ActorDoc[] = [];
      let combat: (CombatLike & Deletable & { started?: boolean; activate(): Promise<unknown> }) | null =
        null;

      before(async function (this: Mocha.Context) {
        if (!game.user?.isGM) this.skip();
        fighters = await makeFighters(plan, made);
      });

      after(async function () {
        for (const doc of made.reverse()) {
          try {
            await doc.delete();
          } catch (error) {
            console.error(`${SMOKE_BATCH}: could not delete`, doc.id, error);
          }
        }
      });

      it('creates two armed fighters of its own types from the compendiums', function () {
        assert.lengthOf(fighters, 2);
        for (const actor of fighters) {
          assert.include(typesOf(plan.id, 'Actor'), actor.type, `${actor.name} is a ${plan.id} type`);
          assert.isTrue(
            [...actor.items].some((i) => i.type === plan.weaponType),
            `${actor.name} is armed`,
          );
        }
      });

      it("renders and closes each fighter's sheet", async function () {
        for (const actor of fighters) {
          assert.isNotNull(actor.sheet, `${actor.name} has a sheet`);
          await actor.sheet!.render({ force: true });
          await until(`${actor.name}'s sheet`, () => actor.sheet!.rendered);
          await actor.sheet!.close();
        }
      });

      it('posts an attack card and the GM performs its first step', async function () {
        const [attacker, defender] = fighters as [ActorDoc, ActorDoc];
        const weapon = [...attacker.items].find((i) => i.type === plan.weaponType);
        const targets: CardTarget[] = [{ actorUuid: defender.uuid, tokenUuid: '', name: defender.name }];
        // Outside any encounter: the card's own steps, free of the round's turn and budget checks.
        const messages = await plan.start(attacker as unknown as Actor, weapon!.id ?? '', targets, '');
        assert.isAtLeast(messages.length, 1, 'a card was posted');
        const message = messages[0]!;
        made.push(message as unknown as Deletable);
        const before = snapshotOf(message);
        assert.strictEqual(before.ruleset, plan.id);
        const gm = game.user as unknown as User;
        const action = cardActions(before, makeEnv(gm)).find((a) => a.enabled);
        if (!action) return; // a card whose first step is already final (a miss) has no button
        const result = await requestCardAction(message.id ?? '', action.id);
        assert.isTrue(result.ok, `action ${action.id} accepted`);
        const after = snapshotOf(game.messages!.get(message.id ?? '') as ChatMessage);
        assert.strictEqual(after.revision, before.revision + 1);
      });

      it("starts a round from the tracker (core's combatStart fires) and moves to the passes", async function () {
        const created = (await CombatClass().create({ system: { rules: plan.id } })) as typeof combat;
        assert.isOk(created, 'combat created');
        combat = created!;
        made.push(combat);
        await combat.activate();
        const doc = combat as unknown as {
          createEmbeddedDocuments(name: 'Combatant', data: object[]): Promise<unknown>;
        };
        await doc.createEmbeddedDocuments(
          'Combatant',
          fighters.map((a) => ({ actorId: a.id, name: a.name })),
        );
        const c = combat;
        // Core's own startCombat runs under the round engine: its hook fires (modules rely on it).
        let started = 0;
        const hook = Hooks.on(
          'combatStart' as never,
          ((combat: unknown) => {
            if (combat === c) started += 1;
          }) as never,
        );
        await trackerStep(c, 'pdaStartCombat', { kind: 'start' }, () => Boolean(c.system.step));
        Hooks.off('combatStart' as never, hook as never);
        assert.strictEqual(started, 1, 'combatStart fired once');
        assert.strictEqual(c.system.rules, plan.id);
        assert.isAtLeast(c.round, 1);
        // Nobody declared: the GM forces the passes, each fighter keeps its default declaration.
        const step = c.system.step;
        await trackerStep(
          c,
          'pdaForcePasses',
          { kind: 'startPasses', force: true },
          () => c.system.step !== step,
        );
      });

      it('goes to the next round (combatRound fires, world time advances), then the encounter is deleted', async function () {
        const c = combat!;
        const round = c.round;
        const time = game.time?.worldTime ?? 0;
        let rounds = 0;
        const hook = Hooks.on(
          'combatRound' as never,
          ((combat: unknown) => {
            if (combat === c) rounds += 1;
          }) as never,
        );
        await sendRoundCommand(c, { kind: 'nextRound', force: true });
        await until('the next round', () => c.round === round + 1);
        Hooks.off('combatRound' as never, hook as never);
        assert.strictEqual(rounds, 1, 'combatRound fired once');
        // Core advances the world time by a round (CONFIG.time.roundTime), as on a core combat.
        await until('the world time', () => (game.time?.worldTime ?? 0) > time);
        // Combat#endCombat asks for a confirmation; deleting is what it does once confirmed.
        made.splice(made.indexOf(c), 1);
        await c.delete();
        assert.isUndefined(game.combats?.get(c.id ?? ''));
      });
    });
  }
}

/** Registers the batch once Quench is ready; without Quench this hook never fires. */
export function registerQuenchSuite(): void {
  Hooks.once(
    'quenchReady' as never,
    ((quench: Quench) => {
      quench.registerBatch(SMOKE_BATCH, smokeBatch, { displayName: "PASSE D'ARMES: smoke (GM)" });
    }) as never,
  );
}
