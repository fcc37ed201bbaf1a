/**
 * `npm run e2e`: a GM and a player in two browser contexts against a running Foundry with a
 * disposable world of this system (docs/testing-in-foundry.md, "End-to-end"). For each ruleset it
 * plays the request channel where it lives: the player attacks from their sheet, the GM's client
 * opens the card, the player defends from a card, declares in the tracker, ends their slot, marks
 * their combatant defeated, reloads and sends a second request; a whisper to the GMs never reaches
 * the player's client; the Quench smoke batch runs on the GM's side. Without `--url` it prints one
 * line and exits 0. The report goes to artifacts/e2e/last-run.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../gallery/browser';
import { readConfig, type E2eConfig, type E2eRuleset } from './config';
import * as world from './world';

const ROOT = join(import.meta.dirname, '..', '..');

interface StepResult {
  readonly ruleset: string;
  readonly step: string;
  readonly ok: boolean;
  readonly detail?: string;
}

interface Seat {
  readonly name: string;
  readonly context: BrowserContext;
  page: Page;
}

const results: StepResult[] = [];
const warnings: string[] = [];

function check(condition: unknown, message: string): void {
  if (!condition) throw new Error(message);
}

async function step(ruleset: string, name: string, run: () => Promise<void>): Promise<boolean> {
  try {
    await run();
    results.push({ ruleset, step: name, ok: true });
    console.log(`  ✓ ${ruleset}: ${name}`);
    return true;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    results.push({ ruleset, step: name, ok: false, detail });
    console.log(`  ✗ ${ruleset}: ${name}: ${detail}`);
    return false;
  }
}

/** Waits until `probe` (run in the page) returns a truthy value. */
async function until<A>(
  page: Page,
  probe: (arg: A) => unknown,
  arg: A,
  config: E2eConfig,
  what: string,
): Promise<unknown> {
  const deadline = Date.now() + config.stepTimeoutMs;
  for (;;) {
    const value: unknown = await page.evaluate(probe as (a: unknown) => unknown, arg as unknown);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(250);
  }
}

/** Logs a user in through Foundry's join page and waits for `ready`. */
async function logIn(config: E2eConfig, seat: Seat, password: string): Promise<void> {
  const { page } = seat;
  await page.goto(`${config.url}/join`);
  await page.locator('select[name="userid"]').selectOption({ label: seat.name });
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[name="join"]').click();
  await page.waitForURL(/\/game/, { timeout: config.stepTimeoutMs });
  await until(page, world.isReady, undefined, config, `${seat.name}'s game to be ready`);
}

async function reload(config: E2eConfig, seat: Seat): Promise<void> {
  await seat.page.reload();
  await until(seat.page, world.isReady, undefined, config, `${seat.name}'s game to be ready again`);
}

/** Opens a seat: its own browser context, with Foundry's console warnings recorded. */
async function open(browser: Browser, name: string): Promise<Seat> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  // tsx keeps function names with a helper the page does not have.
  await context.addInitScript('globalThis.__name = (f) => f;');
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'warning' || msg.type() === 'error') warnings.push(`[${name}] ${msg.text()}`);
  });
  return { name, context, page };
}

/** Clicks the first enabled button of the newest card in a seat's chat log. */
async function pressFirst(seat: Seat, config: E2eConfig): Promise<string> {
  const button = seat.page
    .locator('#chat-log .chat-message:has([data-pda-card])')
    .last()
    .locator('button[data-pda-action]:not([disabled])')
    .first();
  await button.waitFor({ timeout: config.stepTimeoutMs });
  const action = (await button.getAttribute('data-pda-action')) ?? '';
  await button.click();
  return action;
}

/** Answers the newest dialog with its first footer button, if one is open. */
async function answerDialog(seat: Seat): Promise<void> {
  const dialog = seat.page.locator('.application.dialog').last();
  try {
    await dialog.waitFor({ timeout: 3000 });
  } catch {
    return;
  }
  await dialog.locator('footer button').first().click();
}

async function attackFromSheet(seat: Seat, ruleset: E2eRuleset, actor: string, token: string): Promise<void> {
  const sheetId = await seat.page.evaluate(world.targetAndOpenSheet, { actor, token });
  await seat.page.locator(`#${sheetId} ${world.PLANS[ruleset].attack}`).first().click();
  await answerDialog(seat);
}

async function playRuleset(config: E2eConfig, gm: Seat, player: Seat, ruleset: E2eRuleset): Promise<void> {
  let ids: world.SetUp | null = null;
  const ok = await step(ruleset, 'the GM sets the ruleset and the world up', async () => {
    if (await gm.page.evaluate(world.setRuleset, ruleset)) {
      await reload(config, gm);
      await reload(config, player);
    }
    await gm.page.evaluate(world.cleanUp, world.E2E_PREFIX);
    ids = await gm.page.evaluate(world.setUp, {
      prefix: world.E2E_PREFIX,
      player: config.player.name,
      plan: world.PLANS[ruleset],
    });
  });
  if (!ok || !ids) return;
  const s: world.SetUp = ids;
  const cardCount = async (): Promise<number> => (await gm.page.evaluate(world.cards)).length;

  await step(ruleset, 'the player attacks from their sheet; the GM’s client opens the card', async () => {
    const before = await cardCount();
    await attackFromSheet(player, ruleset, s.mine, s.theirToken);
    const deadline = Date.now() + config.stepTimeoutMs;
    while ((await cardCount()) <= before && Date.now() < deadline) await gm.page.waitForTimeout(250);
    const all = await gm.page.evaluate(world.cards);
    check(all.length > before, 'no card was posted');
    check(all.at(-1)!.author === config.gm.name, `the card is authored by ${all.at(-1)!.author}, not the GM`);
    await player.page
      .locator('#chat-log .chat-message:has([data-pda-card])')
      .last()
      .waitFor({ timeout: config.stepTimeoutMs });
  });

  await step(ruleset, 'the player presses their defence button on the GM’s attack', async () => {
    const count = await cardCount();
    await attackFromSheet(gm, ruleset, s.theirs, s.myToken);
    const posted = Date.now() + config.stepTimeoutMs;
    while ((await cardCount()) <= count && Date.now() < posted) await gm.page.waitForTimeout(250);
    check((await cardCount()) > count, 'the GM’s attack posted no card');
    const before = (await gm.page.evaluate(world.cards)).at(-1)!;
    const action = await pressFirst(player, config);
    check(action, 'the player saw no enabled defence button');
    const deadline = Date.now() + config.stepTimeoutMs;
    let after = before;
    while (after.revision === before.revision && Date.now() < deadline) {
      await gm.page.waitForTimeout(250);
      after = (await gm.page.evaluate(world.cards)).find((c) => c.id === before.id) ?? before;
    }
    check(after.revision > before.revision, `the card did not move on after "${action}"`);
  });

  await step(ruleset, 'the player declares in the tracker', async () => {
    for (const seat of [gm, player]) await seat.page.evaluate(world.showTracker);
    await gm.page.locator('[data-action="pdaStartCombat"]').first().click();
    await player.page
      .locator(`[data-action="pdaDeclare"][data-combatant-id="${s.myCombatant}"]`)
      .first()
      .click();
    await answerDialog(player);
    await until(
      gm.page,
      (a: { combat: string; combatant: string }) => {
        const game = (globalThis as unknown as { game: { combats: { get(id: string): unknown } } }).game;
        const combat = game.combats.get(a.combat) as
          { system?: { sealed?: { declarations?: Record<string, string> } } } | undefined;
        return Boolean(combat?.system?.sealed?.declarations?.[a.combatant]);
      },
      { combat: s.combat, combatant: s.myCombatant },
      config,
      'the declaration in the world',
    );
  });

  await step(ruleset, 'the player ends their slot', async () => {
    const start = gm.page.locator('[data-action="pdaForcePasses"], [data-action="pdaStartPasses"]').first();
    await start.click();
    const endSlot = player.page.locator('[data-action="pdaEndSlot"]').first();
    for (let i = 0; i < 12 && !(await endSlot.isVisible()); i++) {
      const next = gm.page.locator('[data-action="pdaNextSlot"]').first();
      if (await next.isVisible()) await next.click();
      await gm.page.waitForTimeout(500);
    }
    const before = await gm.page.evaluate(world.roundState, { combat: s.combat, combatant: s.myCombatant });
    await endSlot.click();
    const moved = await until(
      gm.page,
      (a: { combat: string; slot: number }) => {
        const game = (globalThis as unknown as { game: { combats: { get(id: string): unknown } } }).game;
        const combat = game.combats.get(a.combat) as { system?: { slotIndex?: number } } | undefined;
        return (combat?.system?.slotIndex ?? -1) !== a.slot;
      },
      { combat: s.combat, slot: Number(before.slotIndex) },
      config,
      'the schedule to move on',
    );
    check(moved, 'the slot did not end');
  });

  await step(ruleset, 'the player marks their combatant defeated; it leaves the round', async () => {
    const control = player.page
      .locator(`[data-action="pdaToggleDefeated"][data-combatant-id="${s.myCombatant}"]`)
      .first();
    if (await control.isVisible()) await control.click();
    else {
      warnings.push(`[${ruleset}] the tracker shows the player no defeated control: core's update used`);
      await player.page.evaluate(
        async (a: { combat: string; combatant: string }) => {
          const game = (globalThis as unknown as { game: { combats: { get(id: string): unknown } } }).game;
          const combat = game.combats.get(a.combat) as {
            combatants: { get(id: string): { update(c: object): Promise<unknown> } };
          };
          await combat.combatants.get(a.combatant).update({ defeated: true });
        },
        { combat: s.combat, combatant: s.myCombatant },
      );
    }
    await until(
      gm.page,
      (a: { combat: string; combatant: string }) => {
        const game = (globalThis as unknown as { game: { combats: { get(id: string): unknown } } }).game;
        const combat = game.combats.get(a.combat) as { system?: { out?: string[] } } | undefined;
        return (combat?.system?.out ?? []).includes(a.combatant);
      },
      { combat: s.combat, combatant: s.myCombatant },
      config,
      'the combatant out of the round',
    );
  });

  await step(ruleset, 'the player reloads and sends a second request, answered by the GM', async () => {
    await reload(config, player);
    const before = await player.page.evaluate(world.answerIds);
    await attackFromSheet(player, ruleset, s.mine, s.theirToken);
    const answered = await until(
      player.page,
      (seen: string[]) => {
        const game = (globalThis as unknown as { game: { user: { flags?: Record<string, unknown> } } }).game;
        const own = game.user.flags?.['passe-d-armes'] as { answers?: Record<string, unknown> } | undefined;
        return Object.keys(own?.answers ?? {}).some((id) => !seen.includes(id));
      },
      before,
      config,
      'the GM’s answer to the second request',
    );
    check(answered, 'no answer');
  });

  await step(ruleset, 'a whisper to the GMs never reaches the player’s client', async () => {
    const secret = `pda-e2e-secret-${Date.now().toString(36)}`;
    const id = await gm.page.evaluate(world.whisperToGMs, secret);
    await until(gm.page, world.holds, secret, config, 'the whisper on the GM’s client');
    await player.page.waitForTimeout(2000);
    check(!(await player.page.evaluate(world.holds, secret)), 'the player’s client holds the whisper');
    await gm.page.evaluate(world.deleteMessage, id);
  });

  await step(ruleset, 'the Quench smoke batch passes on the GM’s client', async () => {
    const stats = await gm.page.evaluate(world.runSmoke, 'passe-d-armes.smoke');
    if (!stats) {
      warnings.push(`[${ruleset}] Quench is not active in the world: the smoke batch was not run`);
      return;
    }
    check(
      stats.failures === 0 && stats.passes > 0,
      `smoke: ${stats.passes} passed, ${stats.failures} failed`,
    );
  });

  await gm.page.evaluate(world.cleanUp, world.E2E_PREFIX).catch(() => 0);
}

async function main(): Promise<number> {
  const config = readConfig();
  if (!config) {
    console.log('e2e: skipped (no --url given; see docs/testing-in-foundry.md, "End-to-end")');
    return 0;
  }
  const { browser, executablePath } = await launchBrowser();
  const started = new Date().toISOString();
  let builds: Record<string, string> = {};
  try {
    const gm = await open(browser, config.gm.name);
    const player = await open(browser, config.player.name);
    await logIn(config, gm, config.gm.password);
    await logIn(config, player, config.player.password);
    builds = await gm.page.evaluate(world.versions);
    console.log(`e2e: Foundry ${builds.foundry}, system ${builds.system}, world ${builds.world}`);
    for (const ruleset of config.rulesets) await playRuleset(config, gm, player, ruleset);
  } finally {
    await browser.close();
  }
  const failed = results.filter((r) => !r.ok);
  const dir = join(ROOT, 'artifacts', 'e2e');
  mkdirSync(dir, { recursive: true });
  const report = {
    started,
    finished: new Date().toISOString(),
    url: config.url,
    executablePath,
    builds,
    results,
    warnings,
  };
  writeFileSync(join(dir, 'last-run.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `e2e: ${results.length - failed.length}/${results.length} steps passed; ${warnings.length} console warnings; report in artifacts/e2e/last-run.json`,
  );
  console.log(
    `Record line: | ${started.slice(0, 10)} | Foundry ${builds.foundry} | ${builds.system} | ${config.rulesets.join(', ')} | ${results.length - failed.length}/${results.length} | ${warnings.length} |`,
  );
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
