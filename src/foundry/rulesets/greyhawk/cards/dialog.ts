import type { CalledShot, Position } from '../../../../engine/greyhawk/attack';
import type { Grip } from '../../../../engine/greyhawk/manoeuvres';
import { templatePath } from '../../../constants';
import { t } from '../../../i18n';
import type { CardTarget } from '../../../chat';
import { sectionContext, type SectionRule } from '../../../apps';
import { int, option, pick } from './form';
import { fragileField, fragileOptions } from '../parries/fragile';
import { readStyleAnswers, type styleDialogContext } from '../styles/dialog';
import {
  CALLED_PURPOSES,
  DEFAULT_CHOICES,
  MANOEUVRES,
  POSITIONS,
  type CalledPurpose,
  type GreyhawkChoices,
  type ImpossibleChoices,
  type Manoeuvre,
  type RefusedChoice,
} from '../../../../engine/greyhawk/exchange';

/**
 * The Greyhawk attack dialog (start.ts opens it): its context, its sections and its reading. It
 * asks what no document knows: the targets, the manoeuvre (G-C1, G-D1..G-D5, G-G1, G-G2, G-SH1,
 * G-SH2) with only that manoeuvre's facts shown, the target's position (G-P1), a shot's distance
 * when the scene gives none, the fighting style's questions.
 */

/** What a disarm aims at: the weapon (its grip read from the target) or the shield (G-D3). */
const DISARM_AIMS: readonly Grip[] = ['oneHanded', 'shield'];

export const GREYHAWK_ATTACK_DIALOG = templatePath('greyhawk/chat/attack-dialog.hbs');
const K = 'PDA.Greyhawk.Cards';

/**
 * The dialog's sections: each manoeuvre's own fields show only while it is chosen (and are not
 * sent otherwise), a called shot's purpose only for a called shot, the wall only for a pin, the
 * earlier disarms only against a two-handed weapon (G-D2), the fragile object only for a seized
 * object (G-G1). The target's position and the GM's modifier count for every attack.
 */
export const GREYHAWK_DIALOG_SECTIONS = {
  normal: { when: 'manoeuvre', in: ['normal'] },
  purpose: { when: 'calledShot', in: ['1', '2'] },
  nearWall: { when: 'purpose', in: ['pin'] },
  disarm: { when: 'manoeuvre', in: ['disarm', 'expertDisarm'] },
  earlier: { when: 'grip', in: ['twoHanded'] },
  seize: { when: 'manoeuvre', in: ['seizeObject', 'seizePerson'] },
  fragile: { when: 'manoeuvre', in: ['seizeObject'] },
  rush: { when: 'manoeuvre', in: ['shieldRush'] },
} as const satisfies Record<string, SectionRule>;

/**
 * What the dialog (and a macro that skips it) starts from: the engine's neutral choices, with
 * nothing ticked that the situation does not make true. No wall behind the target (G-C1 pin), no
 * rush declared before initiative and no run-up (G-SH2) unless the round's declaration or the
 * scene says so (the caller's `choices`).
 */
export const GREYHAWK_DIALOG_DEFAULTS: GreyhawkChoices = {
  ...DEFAULT_CHOICES,
  nearWall: false,
  declared: false,
  distance: 0,
};

/** The dialog's context (pure; the gallery renders it too). */
export function greyhawkDialogContext(
  weaponName: string,
  targets: readonly CardTarget[],
  c: GreyhawkChoices,
  shot?: ShotInfo,
  style?: ReturnType<typeof styleDialogContext>,
  impossible?: ImpossibleChoices,
) {
  // A choice the rules refuse for this weapon and these targets is offered disabled, with why.
  const refused = (label: string, r: RefusedChoice | undefined) =>
    r ? { label: t(`${K}.Dialog.Impossible`, { choice: label, reason: reasonOf(r) }), disabled: true } : {};
  return {
    weapon: weaponName,
    shot: shotContext(shot),
    style: style ?? null,
    // The targets the choices tick (issue 46: a choice among several foes starts with none).
    targets: targets.map((x) => {
      const ticked = (c as { readonly targets?: readonly string[] }).targets;
      return { ...x, checked: ticked ? ticked.includes(x.actorUuid) : true };
    }),
    manoeuvres: MANOEUVRES.map((m) => {
      const label = t(`${K}.Manoeuvre.${m}`);
      return { ...option<string>(m, label, c.manoeuvre), ...refused(label, impossible?.manoeuvres[m]) };
    }),
    called: ([0, 1, 2] as const).map((n) => option<number>(n, t(`${K}.Called.${n}`), c.calledShot)),
    purposes: CALLED_PURPOSES.map((p) => {
      const label = p ? t(`${K}.Purpose.${p}`) : '—';
      return { ...option<string>(p, label, c.purpose), ...refused(label, impossible?.purposes[p]) };
    }),
    positions: POSITIONS.map((p) => option<string>(p, t(`${K}.Position.${p}`), c.position)),
    // G-D1..G-D5: the attacker aims at the weapon or the shield; how the weapon is held is read
    // from the target's documents by the GM, never asked here.
    grips: DISARM_AIMS.map((g) =>
      option<string>(g, t(`${K}.Aim.${g}`), c.grip === 'shield' ? 'shield' : 'oneHanded'),
    ),
    ...fragileOptions(c.fragile),
    choices: c,
    sections: sectionContext(GREYHAWK_DIALOG_SECTIONS, {
      manoeuvre: c.manoeuvre,
      calledShot: c.calledShot,
      purpose: c.purpose,
      grip: c.grip,
    }),
    labels: {
      follows: t('PDA.Dialog.Sections.Follows'),
      calledLegend: t('PDA.Dialog.Greyhawk.NormalLegend'),
      targets: t('PDA.Chat.Dialog.Targets'),
      noTargets: t('PDA.Chat.Dialog.NoTargets'),
      manoeuvre: t(`${K}.Dialog.Manoeuvre`),
      called: t(`${K}.Dialog.Called`),
      purpose: t(`${K}.Dialog.Purpose`),
      nearWall: t(`${K}.Dialog.NearWall`),
      position: t(`${K}.Dialog.Position`),
      extra: t(`${K}.Dialog.Extra`),
      disarm: t(`${K}.Dialog.DisarmLegend`),
      grip: t(`${K}.Dialog.Grip`),
      earlier: t(`${K}.Dialog.Earlier`),
      seize: t(`${K}.Dialog.SeizeLegend`),
      freeHands: t(`${K}.Dialog.FreeHands`),
      rush: t(`${K}.Dialog.RushLegend`),
      distance: t(`${K}.Dialog.Distance`),
      declared: t(`${K}.Dialog.Declared`),
      still: t(`${K}.Dialog.Still`),
      behind: t(`${K}.Dialog.Behind`),
      unaware: t(`${K}.Dialog.Unaware`),
      fourLegs: t(`${K}.Dialog.FourLegs`),
      shot: t(`${K}.Dialog.ShotLegend`),
      thrown: t(`${K}.Dialog.Thrown`),
      targetDistance: t(`${K}.Dialog.TargetDistance`),
    },
  };
}

/** A refusal as the dialog writes it: the engine's reason, then the rule it cites. */
function reasonOf(r: RefusedChoice): string {
  const reason = t(r.key, { ...r.data });
  return r.rule ? `${reason} (${r.rule})` : reason;
}

/**
 * The dialog form as choices (unknown values fall back to the defaults). Give it the form's
 * active data (`activeFormData`): a field of a manoeuvre not chosen is then absent and reads as its
 * neutral default.
 */
export function readGreyhawkChoices(
  data: FormData,
  fallback: GreyhawkChoices,
): GreyhawkChoices & { targets: string[] } {
  // A field not sent (its manoeuvre not chosen) is the neutral default, never the preset.
  const sent = (name: string, neutral: number, preset: number) => (data.has(name) ? preset : neutral);
  const none = GREYHAWK_DIALOG_DEFAULTS;
  return {
    targets: data.getAll('target').map(String),
    manoeuvre: pick<Manoeuvre>(MANOEUVRES, data.get('manoeuvre'), fallback.manoeuvre),
    calledShot: int(
      data.get('calledShot'),
      sent('calledShot', none.calledShot, fallback.calledShot),
      0,
      2,
    ) as CalledShot,
    purpose: pick<CalledPurpose>(CALLED_PURPOSES, data.get('purpose'), ''),
    position: pick<Position>(POSITIONS, data.get('position'), fallback.position),
    grip: pick<Grip>(DISARM_AIMS, data.get('grip'), none.grip),
    earlierDisarms: int(data.get('earlierDisarms'), 0, 0, 9),
    freeHands: int(data.get('freeHands'), fallback.freeHands, 0, 2),
    ...fragileField(data.get('fragile')),
    distance: int(data.get('distance'), sent('distance', none.distance, fallback.distance), 0, 999),
    declared: data.get('declared') !== null,
    stayUp: {
      ...(data.get('still') !== null ? { stillOrClosing: true } : {}),
      ...(data.get('behind') !== null ? { fromBehind: true } : {}),
      ...(data.get('unaware') !== null ? { unaware: true } : {}),
      ...(data.get('fourLegs') !== null ? { fourLegs: true } : {}),
    },
    extra: int(data.get('extra'), 0, -20, 20),
    nearWall: data.get('nearWall') !== null,
    thrown: data.get('thrown') !== null,
    ...(fallback.styleAnswers ? { styleAnswers: readStyleAnswers(data, fallback.styleAnswers) } : {}),
    ...distanceField(data.get('targetDistance'), fallback.targetDistance),
  };
}

/** The distance typed in the dialog (metres, one decimal), when the scene gives none. */
function distanceField(
  v: FormDataEntryValue | null,
  fallback: number | undefined,
): { targetDistance?: number; distanceFrom?: 'dialog' } {
  const n = v === null || String(v).trim() === '' ? Number.NaN : Number(v);
  if (Number.isFinite(n) && n >= 0)
    return { targetDistance: Math.round(Math.min(n, 9999) * 10) / 10, distanceFrom: 'dialog' };
  return fallback === undefined ? {} : { targetDistance: fallback, distanceFrom: 'dialog' };
}

/** What the dialog shows about a shot: a throw tick, each target's scene distance, or a field. */
export interface ShotInfo {
  /** The weapon shoots (a bow) or can be thrown (a dagger). */
  readonly missile: boolean;
  /** A melee weapon that can also be thrown. */
  readonly canThrow: boolean;
  /** Scene distance to each offered target (null: no scene distance, the dialog asks). */
  readonly measured: readonly { readonly name: string; readonly distance: number | null }[];
}

function shotContext(shot: ShotInfo | undefined) {
  if (!shot?.missile) return null;
  const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  return {
    canThrow: shot.canThrow,
    measured: shot.measured
      .filter((m) => m.distance !== null)
      .map((m) => ({
        name: m.name,
        text: t(`${K}.Dialog.SceneDistance`, { distance: fmt(m.distance ?? 0) }),
      })),
    ask: shot.measured.length === 0 || shot.measured.some((m) => m.distance === null),
  };
}
