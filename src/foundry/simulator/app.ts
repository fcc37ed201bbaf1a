import type { SimulationReport } from '../../engine/simulate/types';
import type { RulesetId } from '../../engine/rulesets';
import { PasseDArmesApplicationBase, type RenderOptions, type TemplatePart } from '../apps';
import { templatePath } from '../constants';
import { notifyError, t } from '../i18n';
import { normaliseRulesetId } from '../../engine/rulesets';
import { activeRulesetId } from '../active-ruleset';
import {
  DEFENCE_TACTICS,
  TARGET_TACTICS,
  initialChoices,
  readChoices,
  toEncounter,
  type FighterChoice,
  type FighterSource,
} from './encounter';
import { runSimulation, type SimulationRun } from './runner';
import { reportView, summaryLines } from './view';

/**
 * "Simuler": the GM plays the fight of the combat tracker (or of some actors) many times before
 * running it, and reads who is likely to win, how long it lasts and who risks dying. The fights
 * run in a Web Worker (runner.ts); the report can be whispered to the GMs in the chat.
 */

type Dict = Record<string, unknown>;

export const SIMULATOR_TEMPLATE = templatePath('simulator/window.hbs');
const MAX_WINDOW_FIGHTS = 100_000;

interface CombatantSourceLike {
  readonly id: string | null;
  readonly name: string | null;
  readonly actor: { toObject(): unknown } | null;
  readonly token?: { disposition?: number } | null;
}

/** The fighters of a combat, for the window. */
export function sourcesOfCombat(combat: { combatants: Iterable<CombatantSourceLike> }): FighterSource[] {
  const out: FighterSource[] = [];
  for (const c of combat.combatants) {
    if (!c.id || !c.actor) continue;
    out.push({
      id: c.id,
      name: c.name ?? '',
      disposition: Number(c.token?.disposition ?? -1),
      data: c.actor.toObject() as FighterSource['data'],
    });
  }
  return out;
}

function formObject(form: HTMLElement): Dict {
  const out: Dict = {};
  for (const el of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name], select[name]'))
    out[el.name] = el.value;
  return out;
}

const tr = (key: string, data?: Record<string, string | number>): string => t(key, data);

export class SimulatorApp extends PasseDArmesApplicationBase {
  static override DEFAULT_OPTIONS: object = {
    id: 'pda-simulator',
    tag: 'form',
    classes: ['passe-d-armes', 'pda-simulator'],
    window: { title: 'PDA.Simulator.Title', icon: 'fa-solid fa-chart-simple', resizable: true },
    position: { width: 720, height: 'auto' },
    actions: {
      simulate: SimulatorApp.#onSimulate,
      stop: SimulatorApp.#onStop,
      post: SimulatorApp.#onPost,
    },
  };

  static override PARTS: Record<string, TemplatePart> = {
    body: { template: SIMULATOR_TEMPLATE, scrollable: [''] },
  };

  readonly #sources: FighterSource[];
  readonly #ruleset: RulesetId;
  #choices: FighterChoice[];
  #fights = 1000;
  #seed = 1;
  #run: SimulationRun | null = null;
  #played = 0;
  #report: SimulationReport | null = null;

  constructor(options: { sources: FighterSource[]; ruleset?: string } & Dict) {
    const { sources, ruleset, ...rest } = options;
    super(rest);
    this.#sources = sources;
    this.#ruleset = normaliseRulesetId(ruleset ?? activeRulesetId());
    this.#choices = initialChoices(sources);
  }

  /** Opens the window for a combat (the tracker's button). */
  static forCombat(combat: {
    combatants: Iterable<CombatantSourceLike>;
    system?: { rules?: string };
  }): SimulatorApp {
    return new SimulatorApp({
      sources: sourcesOfCombat(combat),
      ruleset: combat.system?.rules || activeRulesetId(),
    });
  }

  override async _prepareContext(options: RenderOptions): Promise<Record<string, unknown>> {
    const base = await super._prepareContext(options);
    const sideNames = [t('PDA.Simulator.SideA'), t('PDA.Simulator.SideB')];
    return {
      ...base,
      fights: this.#fights,
      seed: this.#seed,
      maxFights: MAX_WINDOW_FIGHTS,
      running: this.#run !== null,
      progress: this.#played,
      rows: this.#choices.map((c) => ({
        ...c,
        sides: sideNames.map((label, value) => ({ value, label, selected: value === c.side })),
        targets: TARGET_TACTICS.map((value) => ({
          value,
          label: t(`PDA.Simulator.Target.${value}`),
          selected: value === c.target,
        })),
        defences: DEFENCE_TACTICS.map((value) => ({
          value,
          label: t(`PDA.Simulator.Defence.${value}`),
          selected: value === c.defence,
        })),
      })),
      report: this.#report ? reportView(this.#report, tr) : null,
    };
  }

  #readForm(): void {
    const form = formObject(this.element);
    this.#choices = readChoices(this.#choices, form);
    const fights = Math.trunc(Number(form.fights));
    this.#fights = Number.isFinite(fights) ? Math.min(MAX_WINDOW_FIGHTS, Math.max(1, fights)) : this.#fights;
    const seed = Math.trunc(Number(form.seed));
    this.#seed = Number.isFinite(seed) ? Math.min(2 ** 31 - 1, Math.max(0, seed)) : this.#seed;
  }

  static async #onSimulate(this: SimulatorApp): Promise<void> {
    if (this.#run) return;
    this.#readForm();
    let run: SimulationRun;
    try {
      const encounter = toEncounter(this.#sources, this.#choices, {
        ruleset: this.#ruleset,
        fights: this.#fights,
        seed: this.#seed,
        sideNames: [t('PDA.Simulator.SideA'), t('PDA.Simulator.SideB')],
      });
      this.#played = 0;
      run = runSimulation(encounter, (played) => {
        this.#played = played;
        const bar = this.element?.querySelector<HTMLProgressElement>('progress');
        if (bar) bar.value = played;
      });
    } catch (error) {
      notifyError(error);
      return;
    }
    this.#run = run;
    this.#report = null;
    await this.render();
    try {
      const report = await run.done;
      if (report) this.#report = report;
    } catch (error) {
      notifyError(error);
    } finally {
      this.#run = null;
    }
    await this.render();
  }

  static async #onStop(this: SimulatorApp): Promise<void> {
    this.#run?.stop();
  }

  /** Whispers the summary to the GMs. */
  static async #onPost(this: SimulatorApp): Promise<void> {
    if (!this.#report) return;
    const esc = foundry.utils.escapeHTML;
    const lines = summaryLines(this.#report, tr);
    const gms = (game.users?.filter((u) => u.isGM) ?? []).map((u) => u.id ?? '');
    const content = `<div class="pda-simulator-summary"><h3>${esc(t('PDA.Simulator.Title'))}</h3><ul>${lines
      .map((l) => `<li>${esc(l)}</li>`)
      .join('')}</ul></div>`;
    await CONFIG.ChatMessage.documentClass.create({ content, whisper: gms });
  }
}
