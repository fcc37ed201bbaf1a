/**
 * `npm run e2e`: a GM and a player in two browser contexts against a running Foundry with a
 * disposable world of this system (docs/testing-in-foundry.md, "End-to-end"). For each ruleset it
 * plays the request channel where it lives: the player attacks from their sheet, the GM's client
 * opens the card, the player defends from a card, declares in the tracker, ends their slot, marks
 * their combatant defeated, reloads and sends a second request; a whisper to the GMs never shows
 * in the player's chat log (whether its document reaches the player's client is recorded); the
 * Quench smoke batch runs on the GM's side. Without `--url` it prints one line and exits 0. The
 * report goes to artifacts/e2e/last-run.json.
 *
 * It sets its world up itself: with `--foundry`/`--data`/`--world` it starts Foundry with the
 * world launched; otherwise it checks that a world is launched at the URL (and is `--world`, when
 * given) before logging in; the GM creates the player user when the world has none.
 */
import { spawn, type ChildProcess } from 'node:child_process';
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

/** Foundry's answer to `/join`: where it redirects, or '' when it serves the join page. */
async function joinRedirect(url: string): Promise<string | null> {
  try {
    const res = await fetch(`${url}/join`, { redirect: 'manual' });
    if (res.status >= 300 && res.status < 400) return res.headers.get('location') ?? '?';
    return '';
  } catch {
    return null;
  }
}

/**
 * Starts Foundry with the world launched when the run was given `--foundry` (Foundry's `--world`
 * launch option, on the URL's port), and waits until it answers.
 */
async function startFoundry(config: E2eConfig): Promise<ChildProcess | null> {
  if (!config.foundry || !config.world) return null;
  const port = new URL(config.url).port || '30000';
  const args = [config.foundry, `--port=${port}`, `--world=${config.world}`, '--noupnp'];
  if (config.dataPath) args.push(`--dataPath=${config.dataPath}`);
  const child = spawn(process.execPath, args, { stdio: 'ignore' });
  const deadline = Date.now() + Math.max(config.stepTimeoutMs, 120_000);
  while (Date.now() < deadline) {
    if ((await joinRedirect(config.url)) !== null) return child;
    await new Promise((r) => setTimeout(r, 1000));
  }
  child.kill();
  throw new Error(`Foundry did not answer at ${config.url}`);
}

/** Fails early, saying what to do, when no world is launched at the URL. */
async function checkLaunched(config: E2eConfig): Promise<void> {
  const redirect = await joinRedirect(config.url);
  if (redirect === null) throw new Error(`nothing answers at ${config.url}`);
  if (redirect && !redirect.includes('/join'))
    throw new Error(
      `no world is launched at ${config.url} (/join leads to ${redirect}): launch the world, or pass ` +
        '--world <id> --foundry <main.js> --data <dataPath> so the run starts Foundry with it',
    );
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

/** The newest card of a seat's chat log (the chat tab shown first, so it can be clicked). */
async function lastCard(seat: Seat): Promise<ReturnType<Page['locator']>> {
  await seat.page.evaluate(world.showChat);
  const log = await seat.page.evaluate(world.chatLogSelector);
  return seat.page.locator(`${log} .chat-message:has([data-pda-card])`).last();
}

/** Clicks the first enabled button of the newest card in a seat's chat log. */
async function pressFirst(seat: Seat, config: E2eConfig): Promise<string> {
  const button = (await lastCard(seat)).locator('button[data-pda-action]:not([disabled])').first();
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
    await (await lastCard(player)).waitFor({ timeout: config.stepTimeoutMs });
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

  await step(ruleset, 'a whisper to the GMs never shows on the player’s page', async () => {
    const secret = `pda-e2e-secret-${Date.now().toString(36)}`;
    const id = await gm.page.evaluate(world.whisperToGMs, secret);
    await until(gm.page, world.holdsInMessages, secret, config, 'the whisper on the GM’s client');
    await player.page.waitForTimeout(2000);
    const seen = await player.page.evaluate(world.holds, secret);
    check(!seen.page, 'the player’s page shows the whisper');
    // The system keeps no secret in a message whatever the answer (docs/trust.md); record it.
    warnings.push(
      `[${ruleset}] a whisper without rolls ${seen.documents ? 'reaches' : 'does not reach'} the player's client`,
    );
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
  const foundry = await startFoundry(config);
  const { browser, executablePath } = await launchBrowser();
  const started = new Date().toISOString();
  let builds: Record<string, string> = {};
  try {
    await checkLaunched(config);
    const gm = await open(browser, config.gm.name);
    const player = await open(browser, config.player.name);
    await logIn(config, gm, config.gm.password);
    const state = await gm.page.evaluate(world.worldState);
    if (config.world && state.world !== config.world)
      throw new Error(`the launched world is ${state.world}, not ${config.world}`);
    if (!state.activeGM) throw new Error(`${config.gm.name} is not the active GM: log the other GMs out`);
    await gm.page.evaluate(world.ensurePlayer, {
      name: config.player.name,
      password: config.player.password,
    });
    await logIn(config, player, config.player.password);
    builds = await gm.page.evaluate(world.versions);
    console.log(`e2e: Foundry ${builds.foundry}, system ${builds.system}, world ${builds.world}`);
    for (const ruleset of config.rulesets) await playRuleset(config, gm, player, ruleset);
  } finally {
    await browser.close();
    foundry?.kill();
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
