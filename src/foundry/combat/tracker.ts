import { SimulatorApp } from '../simulator';
import { PasseDArmesCombatTrackerBase, type RenderOptions, withDialogDefaults } from '../apps';
import { templatePath } from '../constants';
import { notifyError, t } from '../i18n';
import { isRoundComplete, yetToAct } from '../../engine/round/engine';
import { combatantById, requesterFor, type CombatLike } from './adapter';
import { adapterOf, sendRoundCommand, type RoundCommand } from './service';
import { readRoundState } from './store';
import { buildTrackerView, npcsToDeclare, type CombatantInfo, type TrackerView } from './view';
import { lastDeclaration, rememberDeclaration } from './declaration-memory';
import { targetedCombatant } from './targeted';

/** What the row controls use of a Combatant and its token (Foundry's documents behind it). */
interface TrackerCombatant {
  readonly hidden?: boolean;
  readonly defeated?: boolean;
  readonly actor?: {
    toggleStatusEffect?(id: string, options: Record<string, unknown>): Promise<unknown>;
  } | null;
  readonly token?: {
    readonly object?: {
      readonly isOwner?: boolean;
      readonly center: { x: number; y: number };
      control?(options: Record<string, unknown>): unknown;
    } | null;
  } | null;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** The canvas, where one is shown (pans and pings). */
function canvasOf():
  | {
      animatePan?(view: { x: number; y: number }): Promise<unknown>;
      ping?(at: { x: number; y: number }): Promise<unknown>;
    }
  | undefined {
  return (globalThis as { canvas?: unknown }).canvas as ReturnType<typeof canvasOf>;
}

/** Parts of our tracker: Foundry's own header (encounter controls), our round and controls. */
export const TRACKER_TEMPLATE = templatePath('combat/tracker.hbs');
export const FOOTER_TEMPLATE = templatePath('combat/footer.hbs');

// Foundry's CombatTracker through the small surface we use (see apps/sheet-bases.ts for why).
const BaseTracker = PasseDArmesCombatTrackerBase;

/** The tracker's view of the combat it shows, for the current user. */
export function trackerViewOf(combat: CombatLike | null): TrackerView {
  if (!combat) {
    return buildTrackerView({
      adapter: undefined,
      state: null,
      combatants: [],
      viewer: { gm: Boolean(game.user?.isGM) },
      hasCombat: false,
    } as never);
  }
  const viewer = requesterFor(combat, game.user);
  let adapter;
  let state = null;
  try {
    adapter = adapterOf(combat);
    state = readRoundState(adapter, combat);
  } catch (error) {
    notifyError(error);
  }
  const combatants: CombatantInfo[] = [];
  for (const c of combat.combatants) {
    if (!c.id) continue;
    combatants.push({
      id: c.id,
      name: c.name ?? '',
      img: c.img ?? '',
      hidden: Boolean(c.hidden),
      surprised: Boolean(c.id && combat.system.surprised?.includes(c.id)),
    });
  }
  const round = state?.round ?? 0;
  const remembers = (id: string): boolean => lastDeclaration(combat.id ?? '', id, round) !== undefined;
  return buildTrackerView({ adapter, state, combatants, viewer, hasCombat: true, remembers });
}

/**
 * The combat tracker of Passe d'armes (set as CONFIG.ui.combat): round and step, the three
 * passes (or the ruleset's steps) with their slots, GM controls, players' declarations and
 * end-of-slot buttons. Everything it does goes through round commands (service.ts).
 */
export class PasseDArmesCombatTracker extends BaseTracker {
  static override DEFAULT_OPTIONS: object = {
    classes: ['pda-combat-tracker'],
    actions: {
      pdaStartCombat: PasseDArmesCombatTracker.#command({ kind: 'start' }),
      pdaStartPasses: PasseDArmesCombatTracker.#command({ kind: 'startPasses' }),
      pdaForcePasses: PasseDArmesCombatTracker.#command({ kind: 'startPasses', force: true }),
      pdaPreviousSlot: PasseDArmesCombatTracker.#command({ kind: 'previousSlot' }),
      pdaNextSlot: PasseDArmesCombatTracker.#command({ kind: 'nextSlot' }),
      pdaNextPass: PasseDArmesCombatTracker.#command({ kind: 'nextPass' }),
      pdaNextRound: PasseDArmesCombatTracker.#onNextRound,
      pdaEndCombat: PasseDArmesCombatTracker.#onEndCombat,
      pdaEndSlot: PasseDArmesCombatTracker.#onEndSlot,
      pdaAttack: PasseDArmesCombatTracker.#onAttack,
      pdaDeclare: PasseDArmesCombatTracker.#onDeclare,
      pdaRepeatDeclaration: PasseDArmesCombatTracker.#onRepeatDeclaration,
      pdaDeclareNpcs: PasseDArmesCombatTracker.#onDeclareNpcs,
      pdaGoFirst: PasseDArmesCombatTracker.#onGoFirst,
      pdaToggleSurprised: PasseDArmesCombatTracker.#onToggleSurprised,
      pdaSimulate: PasseDArmesCombatTracker.#onSimulate,
      pdaSelectCombatant: PasseDArmesCombatTracker.#onSelectCombatant,
      pdaToggleHidden: PasseDArmesCombatTracker.#onToggleHidden,
      pdaToggleDefeated: PasseDArmesCombatTracker.#onToggleDefeated,
      pdaPingCombatant: PasseDArmesCombatTracker.#onPingCombatant,
    },
  };

  static override PARTS = {
    // Foundry's header part stays: creating, cycling and configuring encounters.
    ...BaseTracker.PARTS,
    tracker: { template: TRACKER_TEMPLATE, scrollable: [''] },
    footer: { template: FOOTER_TEMPLATE },
  };

  private get combat(): CombatLike | null {
    return ((this as unknown as { viewed?: unknown }).viewed ?? null) as CombatLike | null;
  }

  override async _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: RenderOptions,
  ): Promise<Record<string, unknown>> {
    const base = await super._preparePartContext(partId, context, options);
    if (partId !== 'tracker' && partId !== 'footer') return base;
    return Object.assign(base, trackerViewOf(this.combat));
  }

  static #command(command: RoundCommand) {
    return async function (this: PasseDArmesCombatTracker): Promise<void> {
      const combat = this.combat;
      if (combat) await sendRoundCommand(combat, command);
    };
  }

  static async #onEndCombat(this: PasseDArmesCombatTracker): Promise<void> {
    const combat = this.combat as unknown as Combat.Implementation | null;
    await combat?.endCombat();
  }

  /**
   * GM: the next round. With fighters who have not acted yet, a confirmation names them, and the
   * round moves on past their slots (issue 46: the GM can always move on).
   */
  static async #onNextRound(this: PasseDArmesCombatTracker): Promise<void> {
    const combat = this.combat;
    if (!combat) return;
    let force = false;
    try {
      const adapter = adapterOf(combat);
      const state = readRoundState(adapter, combat);
      if (state && !isRoundComplete(adapter.rules, state)) {
        const names = yetToAct(state).map(
          (id) => combatantById(combat, id)?.name ?? state.combatants[id]?.name ?? id,
        );
        if (names.length) {
          const content = `<p>${foundry.utils.escapeHTML(
            t('PDA.Combat.NextRoundConfirm', { names: names.join(', ') }),
          )}</p>`;
          const go = await foundry.applications.api.DialogV2.confirm({
            window: { title: t('PDA.Combat.NextRoundConfirmTitle') },
            content,
          } as unknown as foundry.applications.api.DialogV2.ConfirmConfig);
          if (go !== true) return;
        }
        force = true;
      }
    } catch (error) {
      notifyError(error);
      return;
    }
    await sendRoundCommand(combat, { kind: 'nextRound', ...(force ? { force } : {}) });
  }

  static async #onEndSlot(this: PasseDArmesCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    const combat = this.combat;
    const slotId = target.dataset.slotId;
    if (combat && slotId) await sendRoundCommand(combat, { kind: 'endSlot', slotId });
  }

  /** The current slot's declared attack opens its card (F-U4 knock-out pre-set). */
  static async #onAttack(this: PasseDArmesCombatTracker, event: Event, target: HTMLElement): Promise<void> {
    const combat = this.combat;
    const slotId = target.dataset.slotId;
    if (!combat || !slotId) return;
    try {
      // Shift-click: the attack dialog's defaults (apps/dialog-defaults.ts).
      await withDialogDefaults(event, async () => adapterOf(combat).startCard?.(combat, slotId));
    } catch (error) {
      notifyError(error);
    }
  }

  /** The combatant a row or a row's control is about. */
  #combatantOf(target: HTMLElement): TrackerCombatant | undefined {
    const id = target.closest<HTMLElement>('[data-combatant-id]')?.dataset.combatantId ?? '';
    const combat = this.combat as unknown as {
      combatants: { get(id: string): TrackerCombatant | undefined };
    } | null;
    return combat?.combatants.get(id);
  }

  /** As in core's tracker: a row click selects its token (for its owners) and pans to it. */
  static async #onSelectCombatant(
    this: PasseDArmesCombatTracker,
    _event: Event,
    target: HTMLElement,
  ): Promise<void> {
    const token = this.#combatantOf(target)?.token?.object;
    if (!token) return;
    if (token.isOwner || game.user?.isGM) token.control?.({ releaseOthers: true });
    await canvasOf()?.animatePan?.({ x: token.center.x, y: token.center.y });
  }

  /** GM: hides a combatant from the players' trackers, or shows it again. */
  static async #onToggleHidden(
    this: PasseDArmesCombatTracker,
    _event: Event,
    target: HTMLElement,
  ): Promise<void> {
    const combatant = this.#combatantOf(target);
    if (combatant && game.user?.isGM) await combatant.update({ hidden: !combatant.hidden });
  }

  /**
   * GM: marks a combatant defeated (and its actor with the defeated status), or not. The round
   * drops a defeated combatant (PasseDArmesCombatant#_onUpdate).
   */
  static async #onToggleDefeated(
    this: PasseDArmesCombatTracker,
    _event: Event,
    target: HTMLElement,
  ): Promise<void> {
    const combatant = this.#combatantOf(target);
    if (!combatant || !game.user?.isGM) return;
    const defeated = !combatant.defeated;
    await combatant.update({ defeated });
    const status = CONFIG.specialStatusEffects?.DEFEATED;
    if (status) await combatant.actor?.toggleStatusEffect?.(status, { active: defeated, overlay: true });
  }

  /** Anyone: pings the combatant's token on the scene for everyone. */
  static async #onPingCombatant(
    this: PasseDArmesCombatTracker,
    _event: Event,
    target: HTMLElement,
  ): Promise<void> {
    const token = this.#combatantOf(target)?.token?.object;
    if (token) await canvasOf()?.ping?.({ x: token.center.x, y: token.center.y });
  }

  /** GM: plays the encounter many times beforehand (the simulator window). */
  static async #onSimulate(this: PasseDArmesCombatTracker): Promise<void> {
    const combat = this.combat as unknown as Parameters<typeof SimulatorApp.forCombat>[0] | null;
    if (combat && game.user?.isGM) await SimulatorApp.forCombat(combat).render(true);
  }

  /** GM, before the start: marks a combatant caught by surprise (F-R10). */
  static async #onToggleSurprised(
    this: PasseDArmesCombatTracker,
    _event: Event,
    target: HTMLElement,
  ): Promise<void> {
    const combat = this.combat as unknown as Combat.Implementation | null;
    const combatant = combat?.combatants.get(target.dataset.combatantId ?? '');
    if (!combatant || !game.user?.isGM) return;
    // Kept on the Combat, which only a GM writes (docs/trust.md): the Combatant's owner may not.
    const marked: readonly string[] = combat?.system.surprised ?? [];
    const id = combatant.id ?? '';
    const surprised = marked.includes(id) ? marked.filter((x) => x !== id) : [...marked, id];
    await combat?.update({ system: { surprised } });
  }

  /** An initiative tie settled by a player: this combatant goes first (S-R3). */
  static async #onGoFirst(this: PasseDArmesCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    const combat = this.combat;
    const combatantId = target.dataset.combatantId;
    if (!combat || !combatantId) return;
    try {
      await adapterOf(combat).goFirst?.(combat, combatantId);
    } catch (error) {
      notifyError(error);
    }
  }

  /** The declaration request for a combatant of the tracker's combat, as this screen sees it. */
  #declarationRequest(combatantId: string) {
    const combat = this.combat;
    if (!combat) return undefined;
    const adapter = adapterOf(combat);
    const state = readRoundState(adapter, combat);
    const combatant = state?.combatants[combatantId];
    if (!state || !combatant) return undefined;
    const last = lastDeclaration(combat.id ?? '', combatantId, state.round);
    const targetId = targetedCombatant(combat);
    const request = {
      state,
      combatant,
      readiness: state.readiness[combatantId],
      current: state.declarations[combatantId],
      gm: Boolean(game.user?.isGM),
      ...(last !== undefined ? { last } : {}),
      ...(targetId && targetId !== combatantId ? { targetId } : {}),
    };
    // Once the passes run, the GM's edit amends the schedule.
    const kind: 'amend' | 'declare' =
      adapter.rules.steps.find((s) => s.id === state.step)?.kind === 'resolve' ? 'amend' : 'declare';
    return { combat, adapter, state, request, kind };
  }

  static async #onDeclare(this: PasseDArmesCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    const combatantId = target.dataset.combatantId;
    if (!combatantId) return;
    try {
      const found = this.#declarationRequest(combatantId);
      if (!found) return;
      const { combat, adapter, state, request, kind } = found;
      const declaration = await adapter.promptDeclaration(request);
      if (!declaration) return;
      if (await sendRoundCommand(combat, { kind, combatantId, declaration }))
        rememberDeclaration(combat.id ?? '', combatantId, state.round, declaration);
    } catch (error) {
      notifyError(error);
    }
  }

  /** GM: every PNJ still to declare, in one form (issue 46). */
  static async #onDeclareNpcs(this: PasseDArmesCombatTracker): Promise<void> {
    const combat = this.combat;
    if (!combat || !game.user?.isGM) return;
    try {
      const adapter = adapterOf(combat);
      const state = readRoundState(adapter, combat);
      if (!state || !adapter.promptNpcDeclarations) return;
      const found = npcsToDeclare(adapter.rules, state).flatMap((id) => {
        const request = this.#declarationRequest(id);
        return request ? [request] : [];
      });
      if (!found.length) return;
      const declarations = await adapter.promptNpcDeclarations(found.map((f) => f.request));
      if (!declarations) return;
      for (const { request, kind } of found) {
        const id = request.combatant.id;
        const declaration: unknown = declarations[id];
        if (declaration === undefined) continue;
        if (await sendRoundCommand(combat, { kind, combatantId: id, declaration }))
          rememberDeclaration(combat.id ?? '', id, state.round, declaration);
      }
    } catch (error) {
      notifyError(error);
    }
  }

  /** Declares again what this screen remembers of last round (one click, issue 46). */
  static async #onRepeatDeclaration(
    this: PasseDArmesCombatTracker,
    _event: Event,
    target: HTMLElement,
  ): Promise<void> {
    const combatantId = target.dataset.combatantId;
    if (!combatantId) return;
    try {
      const found = this.#declarationRequest(combatantId);
      if (!found || found.request.last === undefined) return;
      const { combat, adapter, state, request, kind } = found;
      const declaration: unknown = adapter.repeatDeclaration
        ? adapter.repeatDeclaration(request)
        : request.last;
      if (declaration === undefined) {
        // Last round's no longer fits (a foe gone, a weapon dropped): the form asks instead.
        const asked = await adapter.promptDeclaration(request);
        if (!asked) return;
        if (await sendRoundCommand(combat, { kind, combatantId, declaration: asked }))
          rememberDeclaration(combat.id ?? '', combatantId, state.round, asked);
        return;
      }
      if (await sendRoundCommand(combat, { kind, combatantId, declaration }))
        rememberDeclaration(combat.id ?? '', combatantId, state.round, declaration);
    } catch (error) {
      notifyError(error);
    }
  }
}
