import { RulesError } from '../../../../engine/core/errors';
import {
  ATTACKING,
  GREYHAWK_ACTIONS,
  greyhawkRoundRules,
  monsterAttacksPerTwoRounds,
  toGreyhawkRoundCombatant,
  type GreyhawkActionKind,
  type GreyhawkDeclaration,
  type GreyhawkReadiness,
  type GreyhawkRoundCombatant,
  type GreyhawkRoundState,
} from '../../../../engine/greyhawk/round';
import type { GreyhawkCharacter, ShieldKind } from '../../../../engine/greyhawk/types';
import type { Requester } from '../../../../engine/round/types';
import {
  type CombatantLike,
  type DeclarationRequest,
  type RoundAdapter,
  declarableTargets,
  markSelected,
  promptDeclarationForm,
} from '../../../combat';
import { templatePath } from '../../../constants';
import { t } from '../../../i18n';
import { greyhawkConditionsOf } from '../conditions';
import { ruledWeapon } from '../../../../engine/greyhawk/options';
import { greyhawkOptionsFromSettings } from '../settings';
import { standGreyhawkFighters, tickGreyhawkConditions } from '../conditions-round';
import { readiedWeapons } from '../styles/facts';
import { freeShotRole } from './free-shot';
import { declarationExtras, parseDeclarationExtras, describeExtras, saveGrip } from './declaration';
import { greyhawkSealedInitiative, startGreyhawkSlotAttack, startsGreyhawkCard } from './slot-attack';

/** Greyhawk's round in Foundry: sealed d10, declarations, then the three passes of round.ts. */

const ICONS: Record<string, string> = {
  attack: 'fa-solid fa-khanda',
  missile: 'fa-solid fa-bullseye',
  heldShot: 'fa-solid fa-crosshairs',
  freeShot: 'fa-solid fa-bolt',
  disarm: 'fa-solid fa-hand-back-fist',
  expertDisarm: 'fa-solid fa-hand-sparkles',
  parryDmg: 'fa-solid fa-shield-halved',
  shieldRush: 'fa-solid fa-shield',
  brace: 'fa-solid fa-person-military-pointing',
  cast: 'fa-solid fa-wand-sparkles',
  move: 'fa-solid fa-person-running',
  standUp: 'fa-solid fa-person-arrow-up-from-line',
  other: 'fa-solid fa-ellipsis',
};

interface ActorLike {
  system?: {
    toEngine?: () => GreyhawkCharacter;
    grip?: string;
    attacksPerTwoRounds?: number;
    shield?: string;
  };
  items?: Iterable<{ type: string; system: unknown }>;
}

/** The round's snapshot of a Foundry combatant: its actor with the weapon in hand. */
export function greyhawkRoundCombatant(combatant: CombatantLike): GreyhawkRoundCombatant {
  const id = combatant.id ?? '';
  const name = combatant.name ?? '';
  const actor = combatant.actor as unknown as ActorLike | null;
  const character = actor?.system?.toEngine?.();
  if (!character) return { id, name, side: 'npc', attacksPerTwoRounds: 2, speed: 0 };
  const shieldText = actor?.system?.shield;
  const shield = shieldText ? (shieldText as ShieldKind) : undefined;
  // The first readied weapon, and a second melee weapon in the other hand (G-ST4).
  const options = greyhawkOptionsFromSettings();
  const readied = readiedWeapons(actor).map((w) => ruledWeapon(w.weapon, options));
  const weapon = readied[0];
  const offHand = weapon?.melee ? readied.slice(1).find((w) => w.melee && w.hands !== 2) : undefined;
  // G-P2: conditions are effects on the actor.
  const prone = greyhawkConditionsOf(actor).prone === true;
  const side = character.monster ? 'npc' : 'pc';
  // G-D2: the lost initiative is a condition effect on the actor.
  const lost = greyhawkConditionsOf(actor).losesInitiative === true ? { losesInitiative: true } : {};
  if (!weapon) {
    const rate = actor?.system?.attacksPerTwoRounds ?? 2;
    return {
      id,
      name,
      side,
      attacksPerTwoRounds: rate,
      speed: 0,
      ...(shield ? { shield } : {}),
      ...lost,
      ...(prone ? { prone } : {}),
      ...freeShotRole(combatant),
    };
  }
  const view = toGreyhawkRoundCombatant(character, weapon, {
    side,
    ...(shield ? { shield } : {}),
    ...(offHand && !character.monster ? { offHand } : {}),
    grip: actor?.system?.grip === 'two' ? 'two' : 'one',
    prone,
    ...freeShotRole(combatant),
  });
  // A monster attacks as its entry says; a missile weapon it shoots as the world's ruling says.
  const rate = character.monster
    ? monsterAttacksPerTwoRounds(
        actor?.system?.attacksPerTwoRounds ?? view.attacksPerTwoRounds,
        weapon,
        view.attacksPerTwoRounds,
        options,
      )
    : view.attacksPerTwoRounds;
  // G-ST6: a rider declares whether the mount moves this round.
  const mounted = (actor?.system as { mount?: string } | undefined)?.mount?.trim() ? { mounted: true } : {};
  return { ...view, id, name, attacksPerTwoRounds: rate, ...lost, ...mounted };
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : undefined;
const num = (value: unknown): number | undefined => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** The longest shield-rush run-up a declaration may give, in metres (as the card's dialog). */
export const MAX_RUSH_DISTANCE = 999;

/** Checks untrusted declaration data; throws PDA.Error.Round.BadDeclaration. */
export function parseGreyhawkDeclaration(data: unknown): GreyhawkDeclaration {
  const bad = () => new RulesError('PDA.Error.Round.BadDeclaration');
  if (typeof data !== 'object' || data === null) throw bad();
  const raw = data as Record<string, unknown>;
  if (!(GREYHAWK_ACTIONS as readonly unknown[]).includes(raw.action)) throw bad();
  const called = num(raw.calledShot);
  if (called !== undefined && called !== 0 && called !== 1 && called !== 2) throw bad();
  const targetId = text(raw.targetId);
  const castingTime = num(raw.castingTime);
  const rushDistance = num(raw.rushDistance);
  if (rushDistance !== undefined && (rushDistance < 0 || rushDistance > MAX_RUSH_DISTANCE)) throw bad();
  if (castingTime !== undefined && (castingTime < 0 || castingTime > 99)) throw bad();
  const note = text(raw.note);
  return {
    action: raw.action as GreyhawkActionKind,
    ...(targetId ? { targetId } : {}),
    ...(called ? { calledShot: called as 1 | 2 } : {}),
    ...(castingTime !== undefined ? { castingTime: Math.max(0, Math.min(99, Math.round(castingTime))) } : {}),
    ...(rushDistance !== undefined ? { rushDistance } : {}),
    ...(raw.breakSpell === true || raw.breakSpell === 'true' || raw.breakSpell === 'on'
      ? { breakSpell: true }
      : {}),
    ...(note ? { note } : {}),
    ...parseDeclarationExtras(raw),
  };
}

export function describeGreyhawkDeclaration(
  state: GreyhawkRoundState,
  id: string,
  viewer: Requester,
): string {
  const d = state.declarations[id];
  if (!d) return '';
  const combatant = state.combatants[id];
  if (!viewer.gm && combatant?.side === 'npc' && !(viewer.owns ?? []).includes(id))
    return t('PDA.Combat.Declared');
  let out = t(`PDA.Greyhawk.Action.${d.action}`);
  const target = d.targetId ? state.combatants[d.targetId]?.name : undefined;
  if (target) out += ` → ${target}`;
  // A disarm is its own called shot (calledShotUse): its tick is not shown as a second one.
  const called = d.action === 'disarm' || d.action === 'expertDisarm' ? undefined : d.calledShot;
  if (called)
    out += ` (${t(called === 2 ? 'PDA.Greyhawk.Mod.DoublyCalledShot' : 'PDA.Greyhawk.Mod.CalledShot')})`;
  return out + describeExtras(d);
}

export function greyhawkDeclarationContext(
  request: DeclarationRequest<GreyhawkRoundCombatant, GreyhawkDeclaration, GreyhawkReadiness>,
) {
  const { state, combatant, current } = request;
  const mark = markSelected;
  return {
    // Each label names its field (for/id), unique per combatant's dialog.
    idPrefix: `pda-gh-declare-${combatant.id}`,
    actions: mark(
      GREYHAWK_ACTIONS.map((a) => ({ value: a, label: t(`PDA.Greyhawk.Action.${a}`) })),
      current?.action ?? 'attack',
    ),
    targets: mark(declarableTargets(state, combatant.id), current?.targetId),
    called: mark(
      [
        { value: '0', label: '—' },
        { value: '1', label: t('PDA.Greyhawk.Mod.CalledShot') },
        { value: '2', label: t('PDA.Greyhawk.Mod.DoublyCalledShot') },
      ],
      String(current?.calledShot ?? 0),
    ),
    castingTime: current?.castingTime ?? '',
    rushDistance: current?.rushDistance ?? '',
    breakSpell: current?.breakSpell === true,
    note: current?.note ?? '',
    ...declarationExtras(combatant, current),
  };
}

async function promptGreyhawkDeclaration(
  request: DeclarationRequest<GreyhawkRoundCombatant, GreyhawkDeclaration, GreyhawkReadiness>,
): Promise<GreyhawkDeclaration | null> {
  let current = request.current;
  let declaration: GreyhawkDeclaration;
  for (;;) {
    const result = await promptDeclarationForm(
      templatePath('greyhawk/declare.hbs'),
      greyhawkDeclarationContext({ ...request, current }),
      request.combatant.name,
    );
    if (!result) return null;
    declaration = parseGreyhawkDeclaration(result);
    // A player's attack declared with nobody to strike is asked about, not taken silently. The
    // GM, declaring every NPC, is not asked each time: an NPC's attack without a declared target
    // goes to the target chosen at its turn.
    if (declaration.targetId || !ATTACKING.has(declaration.action) || game.user?.isGM) break;
    if (!(await pickTargetFirst(request.combatant.name, declaration.action))) break;
    current = declaration;
  }
  // The grip chosen at the round's start is the actor's until changed (G-ST1/G-ST2).
  return (await saveGrip(request, declaration)) ? declaration : null;
}

/** Asks whether to go back and pick a target for an attack declared without one. */
async function pickTargetFirst(name: string, action: string): Promise<boolean> {
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: t('PDA.Greyhawk.Declare.NoTargetTitle') },
    content: `<p>${foundry.utils.escapeHTML(
      t('PDA.Greyhawk.Declare.NoTargetAsk', { name, action: t(`PDA.Greyhawk.Action.${action}`) }),
    )}</p>`,
    buttons: [
      { action: 'pick', label: t('PDA.Greyhawk.Declare.PickTarget'), default: true },
      { action: 'none', label: t('PDA.Greyhawk.Declare.NoTarget') },
    ],
    rejectClose: false,
  } as unknown as foundry.applications.api.DialogV2.WaitOptions);
  return answer !== 'none';
}

export const greyhawkRoundAdapter: RoundAdapter<
  GreyhawkRoundCombatant,
  GreyhawkDeclaration,
  GreyhawkReadiness
> = {
  rules: greyhawkRoundRules,
  toCombatant: greyhawkRoundCombatant,
  parseDeclaration: parseGreyhawkDeclaration,
  describeDeclaration: describeGreyhawkDeclaration,
  actionIcon: (action) => ICONS[action] ?? 'fa-solid fa-circle',
  promptDeclaration: promptGreyhawkDeclaration,
  initiativeText: greyhawkSealedInitiative,
  startsCard: startsGreyhawkCard,
  startCard: (combat, slotId) => startGreyhawkSlotAttack(combat, slotId),
  roundStarted: (combat) => tickGreyhawkConditions(combat),
  afterCommand: (combat, state) => standGreyhawkFighters(combat, state),
};
