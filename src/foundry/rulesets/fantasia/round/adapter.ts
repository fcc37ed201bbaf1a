import { RulesError } from '../../../../engine/core/errors';
import {
  declaresNothing,
  declarationView,
  fantasiaRound,
  INTENT_KINDS,
  intentLabel,
  toRoundCombatant,
  type FantasiaDeclaration,
  type FantasiaIntent,
  type FantasiaReadiness,
  type FantasiaRoundCombatant,
  type FantasiaRoundState,
  type IntentKind,
} from '../../../../engine/fantasia/round';
import type { FantasiaCombatant } from '../../../../engine/fantasia/types';
import { repeatedDeclaration, suggestedDeclaration } from '../../../../engine/fantasia/declare-defaults';
import type { Requester } from '../../../../engine/round/types';
import { templatePath } from '../../../constants';
import { errorMessage, t } from '../../../i18n';
import {
  type CombatLike,
  type CombatantLike,
  type DeclarationRequest,
  type RoundAdapter,
  promptDeclarationForm,
} from '../../../combat';
import { fantasiaDocumentReadiness } from './readiness';
import { endTimedStates } from '../timed-states';
import { weaponFired } from './chat-round';
import { fantasiaOptionsFromSettings } from '../settings';
import { startSlotAttack, startsAttackCard } from './slot-attack';
import { sectionContext } from '../../../apps';
import { declarableTargets, markSelected, type FormOption } from '../../../combat';

/** Fantasia's round in Foundry: three passes (F-R6..F-R8), declarations of intent (F-R5). */

const ICONS: Record<string, string> = {
  shoot: 'fa-solid fa-bullseye',
  throw: 'fa-solid fa-share',
  melee: 'fa-solid fa-khanda',
  knockout: 'fa-solid fa-hand-back-fist',
  move: 'fa-solid fa-person-running',
  dodge: 'fa-solid fa-person-falling',
  parry: 'fa-solid fa-shield-halved',
  cast: 'fa-solid fa-wand-sparkles',
  draw: 'fa-solid fa-hand',
  reload: 'fa-solid fa-rotate',
  other: 'fa-solid fa-ellipsis',
};

export const MAX_INTENTS = 3;

interface EngineActor {
  engineView<T>(): T;
}

function hasEngineView(actor: unknown): actor is EngineActor {
  return typeof (actor as Partial<EngineActor> | null)?.engineView === 'function';
}

/** The round's snapshot of a Foundry combatant; ids and names are the Combatant's. */
export function fantasiaRoundCombatant(
  combatant: CombatantLike,
  combat?: CombatLike,
): FantasiaRoundCombatant {
  const id = combatant.id ?? '';
  const name = combatant.name ?? '';
  // The GM's mark on the Combat: the Combatant's owner may write the Combatant (docs/trust.md).
  const surprised = Boolean(id && combat?.system.surprised?.includes(id));
  const actor = combatant.actor;
  if (hasEngineView(actor)) {
    try {
      const view = actor.engineView<FantasiaCombatant>();
      const { zeroPv } = fantasiaOptionsFromSettings();
      return { ...toRoundCombatant(view, { surprised, zeroPv }), id, name };
    } catch {
      // An actor of another ruleset: it takes part with no stats.
    }
  }
  return { id, name, side: 'npc', dex: 0, int: 0, weapons: [], ...(surprised ? { surprised } : {}) };
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined;
const flag = (value: unknown): boolean => value === true || value === 'true' || value === 'on';

/** Checks untrusted declaration data; throws PDA.Error.Round.BadDeclaration. */
export function parseFantasiaDeclaration(data: unknown): FantasiaDeclaration {
  const bad = () => new RulesError('PDA.Error.Round.BadDeclaration');
  if (typeof data !== 'object' || data === null) throw bad();
  const raw = data as { intents?: unknown; publicText?: unknown };
  if (!Array.isArray(raw.intents) || raw.intents.length === 0 || raw.intents.length > MAX_INTENTS)
    throw bad();
  const intents: FantasiaIntent[] = raw.intents.map((value: unknown) => {
    if (typeof value !== 'object' || value === null) throw bad();
    const i = value as Record<string, unknown>;
    if (!(INTENT_KINDS as readonly unknown[]).includes(i.kind)) throw bad();
    const weaponId = text(i.weaponId);
    const targetId = text(i.targetId);
    const note = text(i.note);
    return {
      kind: i.kind as IntentKind,
      ...(weaponId ? { weaponId } : {}),
      ...(targetId ? { targetId } : {}),
      ...(flag(i.hold) ? { hold: true } : {}),
      ...(i.reloadAfter === false || i.reloadAfter === 'false' ? { reloadAfter: false } : {}),
      ...(note ? { note } : {}),
    };
  });
  const publicText = text(raw.publicText);
  return { intents, ...(publicText ? { publicText } : {}) };
}

/**
 * Turns the dialog's flat form data ("intents.0.kind": "melee", …) into declaration data; rows
 * whose kind is empty are left out.
 */
export function formToDeclaration(form: Record<string, unknown>): unknown {
  const rows: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(form)) {
    const m = /^intents\.(\d+)\.(\w+)$/.exec(key);
    if (!m || m[1] === undefined || m[2] === undefined) continue;
    (rows[m[1]] ??= {})[m[2]] = value;
  }
  const intents = Object.keys(rows)
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => rows[k] as Record<string, unknown>)
    .filter((r) => typeof r.kind === 'string' && r.kind !== '');
  return { intents, publicText: form.publicText };
}

function intentText(state: FantasiaRoundState, combatantId: string, intent: FantasiaIntent): string {
  const combatant = state.combatants[combatantId];
  const weapon = intent.weaponId ? combatant?.weapons.find((w) => w.id === intent.weaponId)?.name : undefined;
  const target = intent.targetId ? state.combatants[intent.targetId]?.name : undefined;
  let out = t(intentLabel(intent.kind));
  if (weapon) out += ` (${weapon})`;
  if (target) out += ` → ${target}`;
  if (intent.note) out += ` « ${intent.note} »`;
  return out;
}

export function describeFantasiaDeclaration(
  state: FantasiaRoundState,
  id: string,
  viewer: Requester,
): string {
  const view = declarationView(state, id, viewer);
  if (!view.declared) return '';
  const exact = view.intents?.map((i) => intentText(state, id, i)).join(' ; ');
  if (exact) return view.publicText && viewer.gm ? `${exact} — « ${view.publicText} »` : exact;
  return view.publicText ?? t('PDA.Combat.Declared');
}

/**
 * The intents whose fields the declaration form shows (the others hidden and not sent): a weapon
 * for those that use one, a target for those aimed at someone, the held shot for a shot or a throw
 * (F-R8), the crossbow's reload for a crossbow shot (F-W5), a note once a kind is chosen.
 */
const WITH_WEAPON: readonly IntentKind[] = ['shoot', 'throw', 'melee', 'knockout', 'parry', 'draw', 'reload'];
const WITH_TARGET: readonly IntentKind[] = ['shoot', 'throw', 'melee', 'knockout', 'cast'];
const WITH_HOLD: readonly IntentKind[] = ['shoot', 'throw'];

function intentSections(
  index: number,
  intent: FantasiaIntent | undefined,
  crossbows: readonly string[],
  prefix = `intents.${index}.`,
) {
  const kind = `${prefix}kind`;
  const rules = {
    weapon: { when: kind, in: WITH_WEAPON },
    target: { when: kind, in: WITH_TARGET },
    hold: { when: kind, in: WITH_HOLD },
    shoot: { when: kind, in: ['shoot'] },
    crossbow: { when: `${prefix}weaponId`, in: crossbows },
    note: { when: kind, in: INTENT_KINDS },
  };
  // Without a crossbow the reload question never shows (its section matches no weapon).
  return sectionContext(rules, {
    [kind]: intent?.kind ?? '',
    [`${prefix}weaponId`]: intent?.weaponId ?? '',
  });
}

type FantasiaRequest = DeclarationRequest<FantasiaRoundCombatant, FantasiaDeclaration, FantasiaReadiness>;

/** The declaration form's intent kinds, "—" first. */
function intentKindOptions(): FormOption[] {
  return [{ value: '', label: '—' }, ...INTENT_KINDS.map((k) => ({ value: k, label: t(intentLabel(k)) }))];
}

/** The declaration form's weapons: bare hands ("Sans arme"), then the fighter's own. */
function weaponOptions(combatant: FantasiaRoundCombatant): FormOption[] {
  return [
    { value: '', label: t('PDA.Combat.Form.NoWeapon') },
    ...combatant.weapons.map((w) => ({ value: w.id, label: w.name })),
  ];
}

function suggestionOf(request: FantasiaRequest): FantasiaDeclaration | undefined {
  const { state, combatant, readiness, last, targetId } = request;
  if (declaresNothing(combatant)) return undefined;
  return suggestedDeclaration(state, combatant, readiness, {
    ...(last ? { last } : {}),
    ...(targetId ? { targetId } : {}),
  });
}

/** The dialog's context: rows of selects, already localized. */
export function declarationFormContext(
  request: DeclarationRequest<FantasiaRoundCombatant, FantasiaDeclaration, FantasiaReadiness>,
) {
  const { state, combatant, gm } = request;
  // Issue 46: the form starts from this round's declaration, else last round's, else the weapon
  // in hand at the targeted foe.
  const current = request.current ?? suggestionOf(request);
  const kinds = intentKindOptions();
  const weapons = weaponOptions(combatant);
  const targets = declarableTargets(state, combatant.id);
  const mark = markSelected;
  const crossbows = combatant.weapons.filter((w) => w.reload === 'crossbow').map((w) => w.id);
  const rows = Array.from({ length: MAX_INTENTS }, (_, index) => {
    const intent = current?.intents[index];
    // A second and a third intent are offered once the one before is chosen.
    const previous = `intents.${index - 1}.kind`;
    const section =
      index === 0
        ? null
        : sectionContext(
            { row: { when: previous, in: INTENT_KINDS } },
            { [previous]: current?.intents[index - 1]?.kind ?? '' },
          ).row;
    return {
      index,
      section,
      sections: intentSections(index, intent, crossbows),
      kinds: mark(kinds, intent?.kind),
      weapons: mark(weapons, intent?.weaponId),
      targets: mark(targets, intent?.targetId),
      hold: intent?.hold === true,
      reloadAfter: intent?.reloadAfter !== false,
      note: intent?.note ?? '',
    };
  });
  // F-U4, F-H1: the form says why this fighter declares nothing.
  const silent = declaresNothing(combatant);
  return {
    refusal: silent ? errorMessage(silent) : '',
    rows,
    showPublic: gm && combatant.side === 'npc',
    publicText: current?.publicText ?? '',
    labels: {
      Intent: t('PDA.Combat.Form.Intent'),
      Weapon: t('PDA.Combat.Form.Weapon'),
      Target: t('PDA.Combat.Form.Target'),
      Hold: t('PDA.Combat.Form.Hold'),
      ReloadAfter: t('PDA.FantasiaUI.Declare.reloadAfter'),
      Note: t('PDA.Combat.Form.Note'),
      PublicText: t('PDA.Combat.Form.PublicText'),
      PublicHint: t('PDA.Combat.Form.PublicHint'),
    },
  };
}

export const DECLARE_TEMPLATE = templatePath('fantasia/combat/declare.hbs');
export const DECLARE_NPCS_TEMPLATE = templatePath('fantasia/combat/declare-npcs.hbs');

/** The GM's one form for every PNJ still to declare: one intent each, started as its own form. */
export function npcDeclarationsContext(requests: readonly FantasiaRequest[]) {
  const kinds = intentKindOptions();
  const mark = markSelected;
  const npcs = requests.map((request) => {
    const { state, combatant } = request;
    const intent = (request.current ?? suggestionOf(request))?.intents[0];
    const weapons = weaponOptions(combatant);
    const targets = declarableTargets(state, combatant.id);
    const crossbows = combatant.weapons.filter((w) => w.reload === 'crossbow').map((w) => w.id);
    return {
      id: combatant.id,
      name: combatant.name,
      sections: intentSections(0, intent, crossbows, `npc.${combatant.id}.`),
      kinds: mark(kinds, intent?.kind),
      weapons: mark(weapons, intent?.weaponId),
      targets: mark(targets, intent?.targetId),
    };
  });
  return {
    npcs,
    labels: {
      Intent: t('PDA.Combat.Form.Intent'),
      Weapon: t('PDA.Combat.Form.Weapon'),
      Target: t('PDA.Combat.Form.Target'),
    },
  };
}

/** Reads the one form back: a declaration per PNJ whose action is chosen (checked by the parser). */
export function npcFormToDeclarations(form: Record<string, unknown>): Record<string, FantasiaDeclaration> {
  const rows: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(form)) {
    const m = /^npc\.([^.]+)\.(\w+)$/.exec(key);
    if (!m || m[1] === undefined || m[2] === undefined) continue;
    (rows[m[1]] ??= {})[m[2]] = value;
  }
  const out: Record<string, FantasiaDeclaration> = {};
  for (const [id, row] of Object.entries(rows)) {
    if (typeof row.kind !== 'string' || row.kind === '') continue;
    out[id] = parseFantasiaDeclaration({ intents: [row] });
  }
  return out;
}

async function promptFantasiaNpcDeclarations(
  requests: readonly FantasiaRequest[],
): Promise<Record<string, FantasiaDeclaration> | null> {
  const result = await promptDeclarationForm(
    DECLARE_NPCS_TEMPLATE,
    npcDeclarationsContext(requests),
    t('PDA.Combat.NpcsTitle'),
  );
  return result ? npcFormToDeclarations(result) : null;
}

async function promptFantasiaDeclaration(
  request: DeclarationRequest<FantasiaRoundCombatant, FantasiaDeclaration, FantasiaReadiness>,
): Promise<FantasiaDeclaration | null> {
  const result = await promptDeclarationForm(
    DECLARE_TEMPLATE,
    declarationFormContext(request),
    request.combatant.name,
  );
  return result ? parseFantasiaDeclaration(formToDeclaration(result)) : null;
}

export const fantasiaRoundAdapter: RoundAdapter<
  FantasiaRoundCombatant,
  FantasiaDeclaration,
  FantasiaReadiness
> = {
  rules: fantasiaRound,
  toCombatant: fantasiaRoundCombatant,
  parseDeclaration: parseFantasiaDeclaration,
  describeDeclaration: describeFantasiaDeclaration,
  actionIcon: (action) => ICONS[action] ?? 'fa-solid fa-circle',
  promptDeclaration: promptFantasiaDeclaration,
  promptNpcDeclarations: promptFantasiaNpcDeclarations,
  // "Same as last round" only repeats a declaration that still fits; else the form asks.
  repeatDeclaration: ({ state, combatant, last, targetId }) =>
    declaresNothing(combatant)
      ? undefined
      : repeatedDeclaration(state, combatant, {
          ...(last ? { last } : {}),
          ...(targetId ? { targetId } : {}),
        }),
  weaponFired,
  startsCard: startsAttackCard,
  startCard: (combat, slotId) => startSlotAttack(combat, slotId),
  documentReadiness: fantasiaDocumentReadiness,
  roundStarted: (combat, state) => endTimedStates(combat, state.round),
};
