import { RulesError } from '../../../../engine/core/errors';
import {
  chaseRound,
  flyUp,
  gapAfterClimb,
  inReach,
  runnerOf,
  startChase,
  type ChaseEvent,
  type ChaseRole,
  type ChaseRunner,
  type ChaseState,
} from '../../../../engine/fantasia/chase';
import { effectiveMouvement } from '../../../../engine/fantasia/reload';
import type { FantasiaCombatant } from '../../../../engine/fantasia/types';
import { PasseDArmesApplicationBase, type RenderOptions, type TemplatePart } from '../../../apps';
import { tokenDistance } from '../../../canvas';
import { resolveUuid } from '../../../chat';
import { templatePath } from '../../../constants';
import { notifyError, t } from '../../../i18n';
import { pointOf, tokenFor, type PointToken } from '../scene-points';
import { chaseView, type ChaseReach, type ChaseSetupRow } from './view';

/**
 * The GM's chase tool (F-M1 to F-M4): fleeing and pursuing fighters, their Mouvement now (halved
 * or nil by Casse-pied and Faucheuse), the gap between each pursuer and each fleeing runner taken
 * from the scene (token elevation as altitude), and, round by round, who gains how many metres,
 * who tires after as many sprint rounds as their CON, and when a gap closes. The rules are the
 * engine's (engine/fantasia/chase.ts); this window reads the documents, shows and asks. The sprint
 * count is kept on each actor (system.states.sprintRounds), reset when the GM ends the chase.
 */
export const CHASE_TEMPLATE = templatePath('fantasia/chase.hbs');

export interface ChaseSource {
  /** Token uuid (or actor uuid when the fighter has no token). */
  readonly key: string;
  readonly actorUuid: string;
  readonly tokenUuid: string;
  readonly name: string;
  /** Token disposition: hostile fighters pursue by default, the others flee. */
  readonly disposition: number;
}

interface ActorDoc {
  engineView?<T>(): T;
  update?(changes: Record<string, unknown>): Promise<unknown>;
  items?: Iterable<{ name: string; type: string; system: { kind?: string; range?: number } }>;
}

interface CombatLike {
  combatants: Iterable<{
    actor?: { uuid?: string } | null;
    token?: { uuid?: string; disposition?: number } | null;
    name?: string | null;
  }>;
}

function combatantOf(source: ChaseSource): FantasiaCombatant {
  const doc = resolveUuid(source.actorUuid) as ActorDoc | null;
  if (!doc || typeof doc.engineView !== 'function')
    throw new RulesError('PDA.Chat.Gone.Actor', { name: source.name });
  return doc.engineView<FantasiaCombatant>();
}

const tokenOf = (s: ChaseSource): PointToken | undefined => tokenFor(s.tokenUuid, s.actorUuid);

export class ChaseApp extends PasseDArmesApplicationBase {
  static override DEFAULT_OPTIONS: object = {
    id: 'pda-chase',
    classes: ['passe-d-armes', 'pda-chase'],
    window: { title: 'PDA.Chase.Title', icon: 'fa-solid fa-person-running', resizable: true },
    position: { width: 640, height: 'auto' },
    actions: {
      chaseStart: ChaseApp.#onStart,
      chaseRound: ChaseApp.#onRound,
      chaseMeasure: ChaseApp.#onMeasure,
      chaseClimb: ChaseApp.#onClimb,
      chaseDive: ChaseApp.#onDive,
      chaseEnd: ChaseApp.#onEnd,
    },
  };

  static override PARTS: Record<string, TemplatePart> = {
    body: { template: CHASE_TEMPLATE, scrollable: [''] },
  };

  readonly #sources: ChaseSource[];
  #roles = new Map<string, ChaseRole | 'out'>();
  #state: ChaseState | null = null;
  #events: ChaseEvent[] = [];
  /** Where each runner's token stood when the gaps were last taken from the scene. */
  #seen = new Map<string, string>();

  constructor(options: { sources: ChaseSource[] } & Record<string, unknown>) {
    const { sources, ...rest } = options;
    super(rest);
    this.#sources = sources;
    for (const s of sources) this.#roles.set(s.key, s.disposition < 0 ? 'pursuer' : 'pursued');
  }

  /** The tool for a combat's fighters (the tracker's button). */
  static forCombat(combat: CombatLike): ChaseApp {
    const sources: ChaseSource[] = [];
    for (const c of combat.combatants) {
      const actorUuid = c.actor?.uuid;
      if (!actorUuid) continue;
      const tokenUuid = c.token?.uuid ?? '';
      sources.push({
        key: tokenUuid || actorUuid,
        actorUuid,
        tokenUuid,
        name: c.name ?? '',
        disposition: Number(c.token?.disposition ?? -1),
      });
    }
    return new ChaseApp({ sources });
  }

  #source(key: string): ChaseSource | undefined {
    return this.#sources.find((s) => s.key === key);
  }

  #placeOf(key: string): string {
    const s = this.#source(key);
    const p = s ? pointOf(tokenOf(s)) : undefined;
    return p ? `${p.x},${p.y},${p.z}` : '';
  }

  #remember(): void {
    this.#seen = new Map(this.#sources.map((s) => [s.key, this.#placeOf(s.key)]));
  }

  #elevation(s: ChaseSource): number {
    return Number(tokenOf(s)?.document?.elevation ?? 0) || 0;
  }

  /** Gap between two runners on the scene, elevation included (F-M4); refused off the scene. */
  #gap(a: string, b: string): number {
    const sa = this.#source(a);
    const sb = this.#source(b);
    const d = sa && sb ? tokenDistance(tokenOf(sa), tokenOf(sb)) : null;
    if (d === null) throw new RulesError('PDA.Chase.Error.gap', { rule: 'F-M2' });
    return d;
  }

  /** Each pursuer's missile weapons against the 3-D distance to each fleeing runner (F-M4). */
  #reach(state: ChaseState): ChaseReach[] {
    const out: ChaseReach[] = [];
    for (const p of state.pairs) {
      const a = this.#source(p.pursuer);
      const b = this.#source(p.pursued);
      const pa = a && pointOf(tokenOf(a));
      const pb = b && pointOf(tokenOf(b));
      if (!a || !pa || !pb) continue;
      const doc = resolveUuid(a.actorUuid) as ActorDoc | null;
      for (const item of doc?.items ?? []) {
        const kind = item.system.kind ?? '';
        const range = Number(item.system.range ?? 0);
        if (item.type !== 'arme' || !['missile', 'firearm', 'thrown'].includes(kind) || !(range > 0))
          continue;
        const r = inReach(pa, pb, range);
        out.push({ pursuer: p.pursuer, pursued: p.pursued, weapon: item.name, range, ...r });
      }
    }
    return out;
  }

  override async _prepareContext(options: RenderOptions): Promise<Record<string, unknown>> {
    const base = await super._prepareContext(options);
    const setup: ChaseSetupRow[] = [];
    for (const s of this.#sources) {
      try {
        const c = combatantOf(s);
        setup.push({
          id: s.key,
          name: s.name,
          role: this.#roles.get(s.key) ?? 'out',
          base: c.mouvement,
          mouvement: effectiveMouvement(c),
          con: c.characteristics.CON,
          elevation: this.#elevation(s),
        });
      } catch {
        // A deleted actor leaves the chase.
      }
    }
    const elevations = Object.fromEntries(this.#sources.map((s) => [s.key, this.#elevation(s)]));
    const reach = this.#state ? this.#reach(this.#state) : [];
    const view = chaseView({ setup, state: this.#state, elevations, reach, events: this.#events }, t);
    return { ...base, ...view, isGM: Boolean(game.user?.isGM) };
  }

  #readRoles(): void {
    for (const el of this.element.querySelectorAll<HTMLSelectElement>('select[name^="role."]')) {
      const key = el.name.slice('role.'.length);
      const v = el.value;
      if (v === 'pursuer' || v === 'pursued' || v === 'out') this.#roles.set(key, v);
    }
  }

  /** The runners in the chase, read from their actors now (their Mouvement may have changed). */
  #runners(previous: ChaseState | null): ChaseRunner[] {
    const out: ChaseRunner[] = [];
    for (const s of this.#sources) {
      const role = this.#roles.get(s.key);
      if (role !== 'pursuer' && role !== 'pursued') continue;
      const runner = { ...runnerOf(combatantOf(s), role), id: s.key, name: s.name };
      const kept = previous?.runners.find((r) => r.id === s.key);
      out.push(kept ? { ...runner, sprinted: kept.sprinted } : runner);
    }
    return out;
  }

  async #run(task: () => Promise<void>): Promise<void> {
    try {
      if (!game.user?.isGM) throw new RulesError('PDA.Chase.Error.gm');
      await task();
    } catch (error) {
      notifyError(error);
    }
    await this.render();
  }

  static async #onStart(this: ChaseApp): Promise<void> {
    await this.#run(async () => {
      this.#readRoles();
      this.#state = startChase(this.#runners(null), (a, b) => this.#gap(a, b));
      this.#events = [];
      this.#remember();
    });
  }

  /** One round: the engine moves the gaps; the GM's client writes the sprint counts (F-M3). */
  static async #onRound(this: ChaseApp): Promise<void> {
    await this.#run(async () => {
      if (!this.#state) return;
      const fresh = { ...this.#state, runners: this.#runners(this.#state) };
      const next = chaseRound(fresh);
      this.#state = next.state;
      this.#events = next.events;
      for (const r of next.state.runners) {
        const s = this.#source(r.id);
        const doc = s ? (resolveUuid(s.actorUuid) as ActorDoc | null) : null;
        await doc?.update?.({ 'system.states.sprintRounds': Math.min(999, r.sprinted) });
      }
    });
  }

  /**
   * The GM moved tokens: the gaps of the runners whose token moved since the gaps were last taken
   * are measured again on the scene; the others keep what the rounds made them (the chase's gaps
   * are its own, the rounds moving no token).
   */
  static async #onMeasure(this: ChaseApp): Promise<void> {
    await this.#run(async () => {
      const state = this.#state;
      if (!state) return;
      const moved = (key: string): boolean => this.#placeOf(key) !== (this.#seen.get(key) ?? '');
      this.#state = {
        ...state,
        pairs: state.pairs.map((p) =>
          p.caughtInRound !== undefined || !(moved(p.pursuer) || moved(p.pursued))
            ? p
            : { ...p, gap: Math.round(this.#gap(p.pursuer, p.pursued) * 10) / 10 },
        ),
      };
      this.#remember();
    });
  }

  async #fly(target: HTMLElement, up: boolean): Promise<void> {
    await this.#run(async () => {
      const key = target.closest<HTMLElement>('[data-runner]')?.dataset.runner ?? '';
      const s = this.#source(key);
      const runner = this.#state?.runners.find((r) => r.id === key);
      const token = s ? tokenOf(s) : undefined;
      const at = pointOf(token);
      if (!s || !runner || !at || !token?.document?.update)
        throw new RulesError('PDA.Chase.Error.gap', { rule: 'F-M4' });
      const next = flyUp(runner, at, up);
      const z = Math.round(next.z * 10) / 10;
      const heightTo = (other: string, mine: number): number => {
        const o = this.#source(other);
        return (o ? this.#elevation(o) : 0) - mine;
      };
      const state = this.#state;
      if (state)
        this.#state = {
          ...state,
          pairs: state.pairs.map((p) => {
            if (p.caughtInRound !== undefined || (p.pursuer !== key && p.pursued !== key)) return p;
            const other = p.pursuer === key ? p.pursued : p.pursuer;
            return { ...p, gap: gapAfterClimb(p.gap, heightTo(other, at.z), heightTo(other, z)) };
          }),
        };
      await token.document.update({ elevation: z });
      this.#seen.set(key, this.#placeOf(key));
    });
  }

  /** F-M4: a flyer rises by its Mouvement this round (its token's elevation). */
  static async #onClimb(this: ChaseApp, _event: Event, target: HTMLElement): Promise<void> {
    await this.#fly(target, true);
  }

  static async #onDive(this: ChaseApp, _event: Event, target: HTMLElement): Promise<void> {
    await this.#fly(target, false);
  }

  /** The chase is over: sprint counts go back to 0 and the window closes. */
  static async #onEnd(this: ChaseApp): Promise<void> {
    try {
      if (!game.user?.isGM) throw new RulesError('PDA.Chase.Error.gm');
      for (const s of this.#sources) {
        const doc = resolveUuid(s.actorUuid) as ActorDoc | null;
        const engine = doc?.engineView?.<FantasiaCombatant>();
        if (engine?.states.sprintRounds) await doc?.update?.({ 'system.states.sprintRounds': 0 });
      }
      this.#state = null;
      await this.close();
    } catch (error) {
      notifyError(error);
    }
  }
}

/** The chase tool for the GM: the viewed combat's fighters, else the controlled tokens. */
export async function openChase(): Promise<ChaseApp | null> {
  if (!game.user?.isGM) {
    notifyError(new RulesError('PDA.Chase.Error.gm'));
    return null;
  }
  const combat = game.combat as unknown as CombatLike | null;
  const app = combat
    ? ChaseApp.forCombat(combat)
    : ChaseApp.forCombat({ combatants: controlledAsCombatants() });
  await app.render(true);
  return app;
}

function controlledAsCombatants(): CombatLike['combatants'] {
  const canvas = (globalThis as { canvas?: { tokens?: { controlled?: unknown[] } } }).canvas;
  const tokens = (canvas?.tokens?.controlled ?? []) as {
    actor?: { uuid?: string } | null;
    document?: { uuid?: string; disposition?: number };
    name?: string;
  }[];
  return tokens.map((tok) => ({
    actor: tok.actor ?? null,
    token: tok.document ?? null,
    name: tok.name ?? '',
  }));
}
