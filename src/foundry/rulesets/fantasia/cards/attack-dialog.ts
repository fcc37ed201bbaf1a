import { skillValue } from '../../../../engine/fantasia/skills';
import { isRanged } from '../../../../engine/fantasia/weapons';
import { tokenDistance } from '../../../canvas';
import { tokenFor } from '../scene-points';
import type { FantasiaCombatant, FantasiaWeapon } from '../../../../engine/fantasia/types';
import {
  attackerHasInitiative,
  knockOutOffered,
  LUTTE_HOLDS,
  SITUATION_QUESTIONS,
  situationQuestions,
  thrustChoices,
  type LutteHold,
  type SituationAnswers,
  type WhipIntent,
} from '../../../../engine/fantasia/exchange';
import { templatePath } from '../../../constants';
import { t } from '../../../i18n';
import { renderTemplateWith, resolveUuid, type CardTarget } from '../../../chat';
import { combatantOf } from './actor-writes';
import { activeFormData, bindSections, sectionContext, waitOrDefaults } from '../../../apps';
import { fantasiaRound, type FantasiaRoundFacts } from './round-context';

/**
 * The attack dialog (the player's or the GM's own client): targets, cover (F-D5), a secret thrust
 * named now (F-B2) among those this weapon and situation allow, with why the others are not
 * (F-B1, F-B7), a knock-out (F-U4), a whip effect (F-W2), a Lutte hold (F-U3). The GM's client
 * checks everything again when it opens the card.
 */

/** What the dialog returns. */
export interface AttackDialogResult {
  readonly targets: readonly string[];
  readonly cover: number;
  readonly thrustId: string;
  readonly knockOut: boolean;
  readonly whip: WhipIntent;
  readonly lutte: LutteHold;
  /** A companion holds the arquebus (F-W6). */
  readonly assisted: boolean;
  readonly situation?: SituationAnswers;
}

/** The first target as the engine sees it, when this client can read it. */
function firstDefender(targets: readonly CardTarget[]): FantasiaCombatant | undefined {
  const first = targets[0];
  if (!first) return undefined;
  try {
    return combatantOf(resolveUuid(first.actorUuid), first.name);
  } catch {
    return undefined;
  }
}

/** The thrusts the dialog offers, and those it shows as not possible with the reason. */
export function thrustRows(
  attacker: FantasiaCombatant,
  weapon: FantasiaWeapon,
  defender: FantasiaCombatant | undefined,
  initiative: boolean | undefined,
) {
  const choices = thrustChoices(attacker, weapon, defender, initiative);
  const label = (c: (typeof choices)[number]) => `${t(c.thrust.name)} (-${c.malus} %)`;
  return {
    thrusts: choices
      .filter((c) => c.offered)
      .map((c) => ({
        id: c.thrust.id,
        label: c.sameSkill ? `${label(c)} — ${t('PDA.Chat.Dialog.ThrustOtherWeapon')}` : label(c),
      })),
    unavailable: choices
      .filter((c) => !c.offered)
      .map((c) => ({
        label: label(c),
        reason: c.wrongWeapon
          ? t('PDA.Fantasia.ThrustNot.weapon')
          : t('PDA.Chat.Dialog.ThrustMissing', { list: c.missing.map((k) => t(k)).join(', ') }),
      })),
  };
}

/** A target of the dialog, with the scene's distance to it for a shot or a throw (F-M4). */
export interface DialogTarget extends CardTarget {
  /** Metres from the attacker's token, elevation included; undefined: not measured. */
  readonly distance?: number;
}

/** The dialog's template context (localized), from what this client knows. */
export function attackDialogContext(input: {
  attacker: FantasiaCombatant;
  weapon: FantasiaWeapon;
  targets: readonly DialogTarget[];
  preset: { knockOut: boolean; lutte: LutteHold };
  facts: FantasiaRoundFacts;
  defender?: FantasiaCombatant;
  initiative?: boolean;
  /** Actor uuids ticked at first (absent: every target). */
  checked?: readonly string[];
}): Record<string, unknown> {
  const { attacker, weapon, targets, preset, facts } = input;
  const { thrusts, unavailable } = thrustRows(attacker, weapon, input.defender, input.initiative);
  const reach = (d: number | undefined): { reach?: string; outOfRange?: boolean } => {
    if (d === undefined || !isRanged(weapon)) return {};
    const data = { distance: d, weapon: weapon.name, range: weapon.range };
    return d > weapon.range
      ? { reach: t('PDA.Error.OutOfReach', data), outOfRange: true }
      : { reach: t('PDA.Chat.Dialog.InReach', data) };
  };
  return {
    weapon: weapon.name,
    skill: t(`PDA.Chat.Skill.${weapon.skill}`),
    percent: skillValue(attacker, weapon.skill),
    targets: targets.map((x) => ({
      ...x,
      checked: input.checked ? input.checked.includes(x.actorUuid) : true,
      ...reach(x.distance),
    })),
    thrusts,
    unavailable,
    // F-B7: the situation questions matter only once a thrust is named.
    sections: sectionContext(
      { situation: { when: 'thrustId', in: thrusts.map((x) => x.id) } },
      { thrustId: '' },
    ),
    // F-U4: offered only when the round holds a declared knock-out (the engine decides).
    canKnockOut: knockOutOffered(weapon, facts),
    knockOut: preset.knockOut,
    // F-B7: only what no document knows (the round's initiative, when it holds it, is not asked).
    situation: thrusts.length
      ? situationQuestions(attacker, weapon, facts.initiativeRank !== undefined).map((id) => ({
          id,
          label: t(`PDA.Chat.Dialog.Situation.${id}`),
        }))
      : [],
    isWhip: weapon.kind === 'whip',
    isLutte: weapon.skill === 'lutte',
    needsHelper: weapon.minFOR !== undefined && attacker.characteristics.FOR < weapon.minFOR,
    holds: LUTTE_HOLDS.map((h) => ({
      value: h,
      label: t(`PDA.Chat.Lutte.${h}`),
      selected: h === preset.lutte,
    })),
    labels: {
      targets: t('PDA.Chat.Dialog.Targets'),
      noTargets: t('PDA.Chat.Dialog.NoTargets'),
      cover: t('PDA.Chat.Dialog.Cover'),
      thrust: t('PDA.Chat.Dialog.Thrust'),
      noThrust: t('PDA.Chat.Dialog.NoThrust'),
      unavailable: t('PDA.Chat.Dialog.ThrustUnavailable'),
      knockOut: t('PDA.Chat.Dialog.KnockOut'),
      helper: t('PDA.Chat.Dialog.Helper', { min: weapon.minFOR ?? 0 }),
      whip: t('PDA.Chat.Dialog.Whip'),
      whipNone: t('PDA.Chat.Dialog.WhipNone'),
      whipTrip: t('PDA.Chat.Dialog.WhipTrip'),
      whipDisarm: t('PDA.Chat.Dialog.WhipDisarm'),
      lutte: t('PDA.Chat.Dialog.Lutte'),
      lutteNone: t('PDA.Chat.Dialog.LutteNone'),
      situation: t('PDA.Chat.Dialog.Situation.Legend'),
    },
  };
}

export async function askChoices(
  attacker: FantasiaCombatant,
  weapon: FantasiaWeapon,
  targets: readonly CardTarget[],
  preset: { knockOut: boolean; lutte: LutteHold },
  facts: FantasiaRoundFacts,
  combatId: string,
  attackerUuid: string,
  checked?: readonly string[],
): Promise<AttackDialogResult | null> {
  const first = targets.find((x) => !checked || checked.includes(x.actorUuid)) ?? targets[0];
  const initiative = first
    ? attackerHasInitiative(facts, fantasiaRound().facts(combatId, first.actorUuid))
    : undefined;
  // F-M4: what the scene says of each target's distance (the GM measures again).
  const from = tokenFor('', attackerUuid);
  const measured: DialogTarget[] = targets.map((x) => {
    const d = isRanged(weapon) ? tokenDistance(from, tokenFor(x.tokenUuid, x.actorUuid)) : null;
    return d === null ? x : { ...x, distance: d };
  });
  const defender = firstDefender(first ? [first] : []);
  const context = attackDialogContext({
    attacker,
    weapon,
    targets: measured,
    preset,
    facts,
    ...(defender ? { defender } : {}),
    ...(initiative !== undefined ? { initiative } : {}),
    ...(checked ? { checked } : {}),
  });
  const content = await renderTemplateWith(templatePath('fantasia/chat/attack-dialog.hbs'), context);
  const result = await waitOrDefaults({
    window: { title: t('PDA.Chat.Dialog.Title', { weapon: weapon.name }) },
    content,
    buttons: [
      {
        action: 'attack',
        label: t('PDA.Chat.Dialog.Attack'),
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => readDialog(button.form),
      },
      { action: 'cancel', label: t('PDA.Chat.Dialog.Cancel') },
    ],
    rejectClose: false,
    render: (_event: Event, dialog: { element?: HTMLElement }) => bindSections(dialog.element),
  });
  return result && typeof result === 'object' ? (result as unknown as AttackDialogResult) : null;
}

/** Reads the dialog's form into plain choices. */
export function readDialog(form: HTMLFormElement | null): AttackDialogResult {
  // A hidden section's fields (the situation of a thrust not chosen) are not read.
  const data = form ? activeFormData(form) : undefined;
  const whip = String(data?.get('whip') ?? '');
  const lutte = String(data?.get('lutte') ?? '');
  return {
    targets: (data?.getAll('target') ?? []).map(String),
    cover: Math.max(0, Math.min(100, Math.trunc(Number(data?.get('cover') ?? 0)) || 0)),
    thrustId: String(data?.get('thrustId') ?? ''),
    knockOut: data?.get('knockOut') !== null && data?.get('knockOut') !== undefined,
    whip: whip === 'trip' || whip === 'disarm' ? whip : '',
    lutte: (LUTTE_HOLDS as readonly string[]).includes(lutte) ? (lutte as LutteHold) : '',
    assisted: data?.get('assisted') !== null && data?.get('assisted') !== undefined,
    situation: Object.fromEntries(
      SITUATION_QUESTIONS.filter((q) => data?.get(`situation.${q}`) != null).map((q) => [q, true]),
    ),
  };
}
