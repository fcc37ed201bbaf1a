import { RulesError } from '../../core/errors';
import type {
  CommonEffect,
  ConditionEffect,
  ExchangeAction,
  ExchangeMachine,
  ItemEffect,
} from '../../core/exchange';
import { reverseEffects } from '../../core/exchange';
import type { Dice } from '../../dice/port';
import { judgeAttack, resolveAttack, type AttackResult } from '../attack';
import { blowStrength, ensureManoeuvreAllowed, isWarrior, thac0 } from '../character';
import { dmgParryAcBonus, ensureMissileParry, itemSaveCrushingBlow, type ItemSave } from '../manoeuvres';
import type { GreyhawkOptions } from '../options';
import { DEFAULT_GREYHAWK_OPTIONS } from '../options';
import { secondHandPenalties, styleSlots } from '../styles';
import type { GreyhawkCharacter, GreyhawkWeapon, Modifier, ShieldKind, Size } from '../types';

/*
 * The Greyhawk parry as an exchange (src/engine/core/exchange.ts), played on its own card for one
 * round (G-PA1..G-PA3):
 *
 * - the parrier may say which attacker the parry is kept for (G-PA1); a kept parry may still go
 *   to another attack if that attacker never comes, but never to an attack already applied;
 * - to parry, the parrier rolls to hit the attacker (its AC, the parrying weapon's normal
 *   modifiers: the Complete Fighter's Handbook parry the seed builds on); a hit parries the blow
 *   and marks it on the defended fighter, where the attack card reads it (no damage);
 * - a polearm may parry a polearm's blow at someone else within reach of the attacker or the
 *   victim (G-PA2);
 * - a bow, crossbow or staff sling parries too (G-PA3): every successful parry ruins a mundane
 *   one for shooting, takes +1 from a magic one, and the weapon saves vs crushing blow or breaks;
 * - a specialist of the weapon-and-shield style parries with the shield (G-ST3): −2 (no penalty
 *   with a second slot), moved by the DEX reaction adjustment, and keeps the shield's AC against
 *   the round's other attacks; without the specialisation the shield parry is refused.
 *
 * G-PA4 (the DMG parry declared before initiative) is no card: `dmgParryModifier` is the AC bonus
 * attack cards read for a fighter who declared it this round.
 */

export const GREYHAWK_PARRY_EXCHANGE = 'greyhawk.parry';

/** Status ids the parry writes (as Active Effects on the actor). */
export const PARRIED_STATUS = 'parried';

/** One attack against the defended fighter this round, as the view reads its card. */
export interface ParryAttackView {
  /** The attack card's key (its message id). */
  readonly key: string;
  /** The attacker (actor reference) and its name. */
  readonly attackerId: string;
  readonly attackerName: string;
  readonly attackerAc: number;
  readonly attackerSize: Size;
  /** The attacker strikes with a polearm (G-PA2). */
  readonly polearm: boolean;
  /** The attack's own roll hit (a miss needs no parry). */
  readonly hit: boolean;
  /** The attack was already applied: it took place (G-PA1). */
  readonly taken: boolean;
  /** G-PA2: the parrier stands within reach of the attacker or the victim. */
  readonly withinReach?: boolean;
}

/** How far a polearm reaches, in metres (a ruling: docs/rulings.md, parries). */
export const POLEARM_REACH_METRES = 3;

/**
 * G-PA2: the parrier stands within a polearm's reach of the attacker or of the victim; a distance
 * the scene cannot give (null) is out of reach.
 */
export function withinPolearmReach(toAttacker: number | null, toVictim: number | null): boolean {
  const near = (m: number | null) => m !== null && m <= POLEARM_REACH_METRES;
  return near(toAttacker) || near(toVictim);
}

/** The parrying weapon's wear (G-PA3) as its item holds it now. */
export interface ParryWeaponState {
  readonly magic: number;
  readonly ruined: boolean;
  readonly broken: boolean;
}

export interface ParryView {
  readonly parrier: GreyhawkCharacter;
  readonly weapon: GreyhawkWeapon;
  readonly weaponState: ParryWeaponState;
  /** Attacks against the defended fighter this round, in the order they were made. */
  readonly attacks: readonly ParryAttackView[];
  /** Fighters the parry may be kept for (the other combatants). */
  readonly foes: readonly { readonly id: string; readonly name: string }[];
  /** The combat's round now; the card is dead once the round is over. */
  readonly round: number;
  /** The shield the parrier carries now ('' or absent: none), for a shield parry (G-ST3). */
  readonly shield?: ShieldKind | '';
  readonly options?: GreyhawkOptions;
}

export interface ParryLogEntry {
  readonly key: string;
  readonly attackerName: string;
  readonly attack: AttackResult;
  readonly parried: boolean;
  /** G-PA3 wear after a successful parry with a missile weapon. */
  readonly wear?: {
    readonly magicFrom: number;
    readonly magicTo: number;
    readonly ruined: boolean;
    readonly save: ItemSave;
    readonly broken: boolean;
  };
}

export interface ParryState {
  readonly parrierName: string;
  readonly weaponName: string;
  readonly itemId: string;
  /** G-PA2: the fighter protected, when it is not the parrier. */
  readonly protects?: { readonly id: string; readonly name: string };
  /** The combat round the parry belongs to. */
  readonly round: number;
  /** Parries left (one a card). */
  readonly left: number;
  /** G-ST3: the parry is made with this shield, not with the weapon. */
  readonly shield?: ShieldKind;
  /** G-ST3: the shield keeps its AC against the round's other attacks (the style's specialist). */
  readonly shieldKeepsAc?: boolean;
  /** G-PA1: the attacker the parry is kept for. */
  readonly heldFor?: { readonly id: string; readonly name: string };
  readonly log: readonly ParryLogEntry[];
}

export type ParryEffect = CommonEffect;

const L = 'PDA.Greyhawk.Parry';

export function isMissileParryWeapon(w: GreyhawkWeapon): boolean {
  try {
    ensureMissileParry(w);
    return true;
  } catch {
    return false;
  }
}

/** Why the parry cannot be opened with this weapon at all (before any card), or undefined. */
export function parryRefusal(
  parrier: GreyhawkCharacter,
  weapon: GreyhawkWeapon,
  state: ParryWeaponState,
  protects: boolean,
): RulesError | undefined {
  try {
    ensureManoeuvreAllowed(parrier, weapon);
    if (state.broken) throw new RulesError(`${L}.Refused.Broken`, { weapon: weapon.name });
    if (!weapon.melee) ensureMissileParry(weapon);
    if (protects && weapon.polearm !== true)
      throw new RulesError('PDA.Error.Greyhawk.PolearmsOnly', { weapon: weapon.name });
    return undefined;
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
}

/**
 * G-ST3: why the parrier cannot parry with its shield, or undefined. Anyone carrying a shield
 * parries with it (forfeiting its AC to the round's end; a specialist keeps it); a shield parries
 * for nobody else (G-PA2 is the polearm's).
 */
export function shieldParryRefusal(
  parrier: GreyhawkCharacter,
  shield: ShieldKind | '' | undefined,
  protects: boolean,
): RulesError | undefined {
  if (!shield) return new RulesError(`${L}.Refused.NoShield`, { name: parrier.name });
  if (protects) return new RulesError(`${L}.Refused.ShieldForSelf`, { name: parrier.name });
  return undefined;
}

/** G-ST3: a specialist's shield parry leaves the shield's AC for the round's other attacks. */
export function shieldParryKeepsAc(parrier: GreyhawkCharacter): boolean {
  return styleSlots(parrier, 'shield') >= 1;
}

/**
 * G-ST3: the shield parry's roll modifiers: STR to hit, and the shield hand's penalty for a
 * parry (−2 with one slot, none with two), moved by the DEX reaction adjustment.
 */
export function shieldParryModifiers(parrier: GreyhawkCharacter, options: GreyhawkOptions): Modifier[] {
  const str = blowStrength(parrier).hit;
  return [
    ...(str !== 0 ? [{ source: 'base', label: 'PDA.Greyhawk.Mod.Strength', value: str }] : []),
    ...secondHandPenalties(parrier, 'shield', options, 'parry').off,
  ];
}

/** A fresh parry for `round`, kept for nobody yet. */
export function newParryState(init: Omit<ParryState, 'left' | 'log'>): ParryState {
  return { ...init, left: 1, log: [] };
}

function parryAction(state: ParryState, view: ParryView, a: ParryAttackView): ExchangeAction {
  const rule = state.protects ? 'G-PA2' : 'G-PA1';
  const base = {
    id: `parry.${a.key}`,
    label: { key: `${L}.Action.Parry`, data: { name: a.attackerName } },
    side: 'attacker' as const,
    rule,
    style: 'primary' as const,
  };
  const refuse = (key: string, r: string, data: Record<string, string | number> = {}) => ({
    ...base,
    style: 'secondary' as const,
    refused: { rule: r, key, data },
  });
  if (view.round !== state.round) return refuse(`${L}.Refused.RoundOver`, 'G-PA1');
  if (a.taken) return refuse('PDA.Error.Greyhawk.ParryTooLate', 'G-PA1');
  if (state.left <= 0) return refuse('PDA.Error.Greyhawk.NoParryLeft', 'G-PA1');
  if (!a.hit) return refuse(`${L}.Refused.Missed`, 'G-PA1', { name: a.attackerName });
  if (state.shield) {
    const no = shieldParryRefusal(view.parrier, view.shield, state.protects !== undefined);
    if (no) return refuse(no.key, 'G-ST3', { ...no.data });
    return { ...base, rule: 'G-ST3' };
  }
  if (view.weaponState.broken) return refuse(`${L}.Refused.Broken`, 'G-PA3', { weapon: view.weapon.name });
  if (state.protects) {
    if (view.weapon.polearm !== true || !a.polearm)
      return refuse('PDA.Error.Greyhawk.PolearmsOnly', 'G-PA2', { weapon: view.weapon.name });
    if (a.withinReach !== true) return refuse('PDA.Error.Greyhawk.OutOfReach', 'G-PA2');
  }
  return base;
}

/** The card's actions: keep the parry for a foe, and one parry button per attack of the round. */
function actions(step: string, state: ParryState, view: ParryView): ExchangeAction[] {
  if (step !== 'ready') return [];
  const out: ExchangeAction[] = [];
  const open = view.round === state.round && state.left > 0;
  if (open)
    for (const foe of view.foes) {
      if (state.heldFor?.id === foe.id) continue;
      out.push({
        id: `hold.${foe.id}`,
        label: { key: `${L}.Action.Hold`, data: { name: foe.name } },
        side: 'attacker',
        rule: 'G-PA1',
        style: 'secondary',
      });
    }
  for (const a of view.attacks) out.push(parryAction(state, view, a));
  return out;
}

function wearEffects(
  itemId: string,
  view: ParryView,
  dice: Dice,
): { wear: NonNullable<ParryLogEntry['wear']>; effects: ItemEffect[] } {
  const w = view.weaponState;
  const magic = w.magic > 0;
  const magicTo = magic ? w.magic - 1 : w.magic;
  const ruined = w.ruined || !magic;
  const save = itemSaveCrushingBlow(view.weapon.material ?? 'wood', 0, dice);
  const broken = !save.saved;
  const effects: ItemEffect[] = [];
  const item = (field: string, from: number | boolean, to: number | boolean): ItemEffect => ({
    type: 'item',
    fighter: 'attacker',
    itemId,
    field,
    from,
    to,
  });
  if (magicTo !== w.magic) effects.push(item('magic', w.magic, magicTo));
  if (ruined !== w.ruined) effects.push(item('ruined', w.ruined, ruined));
  if (broken) effects.push(item('broken', false, true));
  return { wear: { magicFrom: w.magic, magicTo, ruined, save, broken }, effects };
}

function perform(step: string, state: ParryState, view: ParryView, actionId: string, dice: Dice) {
  if (actionId.startsWith('hold.')) {
    const foe = view.foes.find((f) => `hold.${f.id}` === actionId);
    if (!foe) throw new RulesError('PDA.Error.CardNoSuchAction');
    return { step, state: { ...state, heldFor: { ...foe } }, effects: [], undo: [] };
  }
  const a = view.attacks.find((x) => `parry.${x.key}` === actionId);
  if (!a) throw new RulesError('PDA.Error.CardNoSuchAction');
  const options = view.options ?? DEFAULT_GREYHAWK_OPTIONS;
  if (state.shield) {
    const no = shieldParryRefusal(view.parrier, view.shield, state.protects !== undefined);
    if (no) throw no;
  }
  // The parry is a blow at the attacker with the parrying weapon held as a melee weapon, or
  // with the shield (G-ST3: its magic left out, as for the shield's other manoeuvres).
  const weapon: GreyhawkWeapon = { ...view.weapon, melee: true, magic: view.weaponState.magic };
  const attack = state.shield
    ? judgeAttack(
        dice.die(20),
        thac0(view.parrier),
        a.attackerAc,
        shieldParryModifiers(view.parrier, options),
        options,
      )
    : resolveAttack(
        {
          attacker: view.parrier,
          weapon,
          target: { ac: a.attackerAc, size: a.attackerSize, name: a.attackerName },
        },
        dice,
        options,
      );
  const parried = attack.outcome === 'hit';
  const effects: ParryEffect[] = [];
  // G-ST3: the shield is engaged in the parry (made or not): without the specialisation its AC
  // is forfeit against the round's other attacks.
  if (state.shield && !shieldParryKeepsAc(view.parrier))
    effects.push({ type: 'condition', fighter: 'attacker', status: 'shieldEngaged', on: true, rounds: 1 });
  let wear: ParryLogEntry['wear'];
  if (parried) {
    const marker: ConditionEffect = {
      type: 'condition',
      fighter: 'target:0',
      status: PARRIED_STATUS,
      on: true,
      rounds: 1,
      // The same record as the 'parried' condition (conditions.ts): one source of truth.
      data: { by: a.attackerId, parrier: state.parrierName },
    };
    effects.push(marker);
    if (!state.shield && isMissileParryWeapon(view.weapon)) {
      const worn = wearEffects(state.itemId, view, dice);
      wear = worn.wear;
      effects.push(...worn.effects);
    }
  }
  const entry: ParryLogEntry = {
    key: a.key,
    attackerName: a.attackerName,
    attack,
    parried,
    ...(wear ? { wear } : {}),
  };
  return {
    step: 'done',
    state: { ...state, left: state.left - 1, log: [...state.log, entry] },
    effects,
    undo: reverseEffects(effects),
  };
}

export const greyhawkParryExchange: ExchangeMachine<ParryState, ParryView, ParryEffect> = {
  id: GREYHAWK_PARRY_EXCHANGE,
  actions,
  perform,
};

/**
 * G-PA4: the AC modifier of a fighter who declared the DMG parry this round (lower is better:
 * half the level, +1 for warriors), for every attack against them; none otherwise.
 */
export function dmgParryModifier(c: GreyhawkCharacter, declared: boolean): Modifier | undefined {
  if (!declared) return undefined;
  const value = dmgParryAcBonus(c);
  if (value === 0) return undefined;
  return {
    source: 'G-PA4',
    label: isWarrior(c) ? 'PDA.Greyhawk.Mod.DmgParryWarrior' : 'PDA.Greyhawk.Mod.DmgParry',
    value,
  };
}

/** G-PA4: a DMG parrier does nothing else this round. */
export function ensureNotDmgParrying(name: string, declared: boolean): void {
  if (declared) throw new RulesError('PDA.Error.Greyhawk.DmgParryOnly', { name });
}
