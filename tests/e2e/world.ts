/**
 * What the suite does inside Foundry's pages (`page.evaluate` bodies). Each function runs in the
 * browser against Foundry's runtime API, so it closes over nothing of this module: its only input
 * is its argument. Names and paths come from Foundry's public API (game, CONFIG, ui, canvas) and
 * from this system's own templates (data-action names, `[data-pda-card]`).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- these bodies run in Foundry's page, on its untyped runtime */
import type { E2eRuleset } from './config';

export const E2E_PREFIX = '[e2e]';

/** Per ruleset: where the fighters come from and which sheet control attacks. */
export const PLANS: Record<
  E2eRuleset,
  { actorPack?: string; actorType: string; weaponPack: string; weaponType: string; attack: string }
> = {
  fantasia: {
    actorPack: 'passe-d-armes.fantasia-bestiaire',
    actorType: 'aventurier',
    weaponPack: 'passe-d-armes.fantasia-armes',
    weaponType: 'arme',
    attack: '[data-action="useWeapon"]',
  },
  greyhawk: {
    actorType: 'guerrier-adnd',
    weaponPack: 'passe-d-armes.greyhawk-armes',
    weaponType: 'arme-adnd',
    attack: '[data-action="attack"]',
  },
  souffle: {
    actorPack: 'passe-d-armes.souffle-combattants',
    actorType: 'combattant',
    weaponPack: 'passe-d-armes.souffle-equipement',
    weaponType: 'arme-souffle',
    attack: '[data-action="attack"]',
  },
};

/** True once Foundry's `ready` hook has run in the page. */
export const isReady = (): boolean => Boolean((globalThis as any).game?.ready);

/** The builds and versions a run records. */
export const versions = (): Record<string, string> => {
  const game = (globalThis as any).game;
  return {
    foundry: String(game.release?.version ?? game.version ?? ''),
    generation: String(game.release?.generation ?? ''),
    system: String(game.system?.version ?? ''),
    world: String(game.world?.id ?? ''),
    ruleset: String(game.settings.get('passe-d-armes', 'ruleset') ?? ''),
    quench: String(game.modules?.get('quench')?.active ? game.modules.get('quench').version : ''),
  };
};

/** GM: the world's ruleset; true when it had to change (the pages must reload). */
export const setRuleset = async (ruleset: string): Promise<boolean> => {
  const game = (globalThis as any).game;
  if (game.settings.get('passe-d-armes', 'ruleset') === ruleset) return false;
  await game.settings.set('passe-d-armes', 'ruleset', ruleset);
  return true;
};

/** GM: deletes every document an earlier run left (`[e2e]` names). */
export const cleanUp = async (prefix: string): Promise<number> => {
  const game = (globalThis as any).game;
  let n = 0;
  for (const combat of [...game.combats].filter((c: any) => c.getFlag?.('passe-d-armes', 'e2e'))) {
    await combat.delete();
    n += 1;
  }
  for (const actor of [...game.actors].filter((a: any) => String(a.name).startsWith(prefix))) {
    await actor.delete();
    n += 1;
  }
  const scene = [...game.scenes].find((s: any) => String(s.name).startsWith(prefix));
  if (scene && !scene.active) await scene.delete();
  return n;
};

export interface SetUp {
  readonly mine: string;
  readonly theirs: string;
  readonly myToken: string;
  readonly theirToken: string;
  readonly combat: string;
  readonly myCombatant: string;
}

/**
 * GM: the player's fighter (owned by the player) and a PNJ, armed from the ruleset's packs, their
 * tokens on an active scene, and an encounter holding both.
 */
export const setUp = async (args: {
  prefix: string;
  player: string;
  plan: { actorPack?: string; actorType: string; weaponPack: string; weaponType: string };
}): Promise<SetUp> => {
  const game = (globalThis as any).game;
  const CONFIG = (globalThis as any).CONFIG;
  const { prefix, plan } = args;
  const player = game.users.getName(args.player);
  if (!player) throw new Error(`no user named ${args.player}`);
  const weapons = (await game.packs.get(plan.weaponPack).getDocuments()).filter(
    (d: any) => d.type === plan.weaponType,
  );
  const fromPack = plan.actorPack
    ? (await game.packs.get(plan.actorPack).getDocuments()).filter(
        (d: any) =>
          d.type === plan.actorType && [...(d.items ?? [])].some((i: any) => i.type === plan.weaponType),
      )
    : [];
  const make = async (name: string, owner: string | null, n: number): Promise<any> => {
    const base = fromPack[n]?.toObject() ?? { type: plan.actorType, items: [weapons[0].toObject()] };
    delete base._id;
    base.name = `${prefix} ${name}`;
    base.ownership = owner ? { default: 0, [owner]: 3 } : { default: 0 };
    return CONFIG.Actor.documentClass.create(base);
  };
  const mine = await make('player', player.id, 0);
  const theirs = await make('pnj', null, 1);
  let scene = game.scenes.active;
  if (!scene) {
    scene = await CONFIG.Scene.documentClass.create({ name: `${prefix} scene`, width: 2000, height: 1500 });
    await scene.activate();
  }
  const size = scene.grid?.size ?? 100;
  const [myToken, theirToken] = await scene.createEmbeddedDocuments('Token', [
    { ...(await mine.getTokenDocument({ x: size * 2, y: size * 2 })).toObject(), actorLink: true },
    { ...(await theirs.getTokenDocument({ x: size * 3, y: size * 2 })).toObject(), actorLink: true },
  ]);
  const combat = await CONFIG.Combat.documentClass.create({
    scene: scene.id,
    active: true,
    flags: { 'passe-d-armes': { e2e: true } },
  });
  const [myCombatant] = await combat.createEmbeddedDocuments('Combatant', [
    { actorId: mine.id, tokenId: myToken.id, sceneId: scene.id },
    { actorId: theirs.id, tokenId: theirToken.id, sceneId: scene.id },
  ]);
  return {
    mine: mine.id,
    theirs: theirs.id,
    myToken: myToken.id,
    theirToken: theirToken.id,
    combat: combat.id,
    myCombatant: myCombatant.id,
  };
};

/** Targets one token (releasing the others) and opens an actor's sheet; returns the sheet's id. */
export const targetAndOpenSheet = async (args: { actor: string; token: string }): Promise<string> => {
  const game = (globalThis as any).game;
  const canvas = (globalThis as any).canvas;
  const token = canvas.tokens.get(args.token);
  if (!token) throw new Error(`token ${args.token} is not on this client's canvas`);
  token.setTarget(true, { releaseOthers: true });
  const actor = game.actors.get(args.actor);
  await actor.sheet.render(true);
  return actor.sheet.id as string;
};

/** What the world holds about the cards (read on the GM's client). */
export const cards = (): { id: string; author: string; revision: number; step: string }[] => {
  const game = (globalThis as any).game;
  return [...game.messages]
    .filter((m: any) => m.type === 'carte')
    .map((m: any) => ({
      id: m.id,
      author: m.author?.name ?? '',
      revision: Number(m.system?.revision ?? 0),
      step: String(m.system?.step ?? ''),
    }));
};

/** The combat's round state, as the GM's client reads it. */
export const roundState = (args: { combat: string; combatant: string }): Record<string, unknown> => {
  const game = (globalThis as any).game;
  const combat = game.combats.get(args.combat);
  const system = combat?.system ?? {};
  const sealed = system.sealed?.declarations?.[args.combatant];
  const combatant = combat?.combatants.get(args.combatant);
  return {
    round: combat?.round ?? null,
    step: system.step ?? '',
    slotIndex: system.slotIndex ?? -1,
    slotOwner: system.slots?.[system.slotIndex]?.combatantId ?? '',
    declared: Boolean(sealed || combatant?.system?.declaration),
    out: [...(system.out ?? [])],
    defeated: Boolean(combatant?.defeated),
  };
};

/** Shows the combat tracker in the sidebar (so its buttons can be clicked). */
export const showTracker = async (): Promise<void> => {
  const ui = (globalThis as any).ui;
  ui.sidebar?.changeTab?.('combat', 'primary');
  ui.sidebar?.expand?.();
  await ui.combat?.render?.(true);
};

/** The ids of the answers on the current user's User (the request channel). */
export const answerIds = (): string[] => {
  const game = (globalThis as any).game;
  return Object.keys(game.user.flags?.['passe-d-armes']?.answers ?? {});
};

/** GM: whispers `secret` to the GMs; returns the message id. */
export const whisperToGMs = async (secret: string): Promise<string> => {
  const game = (globalThis as any).game;
  const CONFIG = (globalThis as any).CONFIG;
  const gms = [...game.users].filter((u: any) => u.isGM).map((u: any) => u.id);
  const message = await CONFIG.ChatMessage.documentClass.create({ content: secret, whisper: gms });
  return message.id;
};

/** True when this client's messages' data hold `secret`. */
export const holdsInMessages = (secret: string): boolean => {
  const game = (globalThis as any).game;
  return [...game.messages].some((m: any) => JSON.stringify(m.toObject()).includes(secret));
};

/** Where `secret` is on this client: in its messages' data, on its page. */
export const holds = (secret: string): { documents: boolean; page: boolean } => {
  const game = (globalThis as any).game;
  const documents = [...game.messages].some((m: any) => JSON.stringify(m.toObject()).includes(secret));
  return { documents, page: document.body.innerHTML.includes(secret) };
};

/**
 * The chat log's list, as a CSS selector. Since v13 the log is an `ol.chat-log` inside the chat
 * tab, which has no `#chat-log` id (foundryvtt #11333); the tab's own element id is read from
 * `ui.chat`, so the selector holds on v13 and v14 and leaves out the chat notifications.
 */
export const chatLogSelector = (): string => {
  const ui = (globalThis as any).ui;
  const id = ui.chat?.element?.id || ui.chat?.id || 'chat';
  return `#${id} .chat-log`;
};

/** Shows the chat tab in the sidebar (so a card's buttons can be clicked). */
export const showChat = async (): Promise<void> => {
  const ui = (globalThis as any).ui;
  ui.sidebar?.changeTab?.('chat', 'primary');
  ui.sidebar?.expand?.();
  ui.chat?.activate?.();
  await Promise.resolve();
};

/** The launched world's id, and whether the logged-in user is the active GM. */
export const worldState = (): { world: string; activeGM: boolean } => {
  const game = (globalThis as any).game;
  return { world: String(game.world?.id ?? ''), activeGM: game.users?.activeGM?.id === game.user?.id };
};

/**
 * GM: the player user the run logs in as: created (role Player, with the given password) when the
 * world has no user of that name; an existing one is made a Player with that password.
 */
export const ensurePlayer = async (args: { name: string; password: string }): Promise<string> => {
  const game = (globalThis as any).game;
  const CONFIG = (globalThis as any).CONFIG;
  const existing = game.users.getName(args.name);
  if (existing) {
    if (existing.isGM) throw new Error(`${args.name} is a GM: the run needs a player`);
    if (existing.role !== 1 || args.password)
      await existing.update({ role: 1, ...(args.password ? { password: args.password } : {}) });
    return existing.id as string;
  }
  const user = await CONFIG.User.documentClass.create({ name: args.name, role: 1, password: args.password });
  return user.id as string;
};

/** GM: deletes a message (the whisper probe). */
export const deleteMessage = async (id: string): Promise<void> => {
  await (globalThis as any).game.messages.get(id)?.delete();
};

/** GM: runs the Quench smoke batch headless; null when Quench is not active in the world. */
export const runSmoke = async (batch: string): Promise<{ passes: number; failures: number } | null> => {
  const quench = (globalThis as any).quench;
  if (!quench?.runBatches) return null;
  const runner = await quench.runBatches([batch]);
  if (runner && typeof runner.on === 'function' && !runner.stats?.end)
    await new Promise<void>((resolve) => runner.on('end', () => resolve()));
  const stats = runner?.stats ?? {};
  return { passes: Number(stats.passes ?? 0), failures: Number(stats.failures ?? 0) };
};
