import {
  DEFAULT_STYLE_ANSWERS,
  defaultStyleAnswers,
  styleUseFrom,
  targetStyleModifiers,
  type AttackerStyleFacts,
  type StyleAnswers,
  type StyleUse,
  type TargetStyleFacts,
} from '../../../../engine/greyhawk/style-use';
import type { GreyhawkCharacter, GreyhawkWeapon } from '../../../../engine/greyhawk/types';
import { itemList } from '../models/derived';

/*
 * What a Greyhawk actor's documents say about its fighting style (G-ST1..G-ST6): the weapons it
 * has readied, its shield, the grip set at the round's start, the mount it rides. The attack
 * dialog shows these and asks only the rest; the GM's opener reads them again.
 */

interface WeaponItem {
  readonly id?: string | null;
  readonly name?: string | null;
  readonly type: string;
  readonly system: { equipped?: boolean; toEngine?: () => GreyhawkWeapon };
}

interface StyleActor {
  readonly system?: {
    toEngine?: () => GreyhawkCharacter;
    shield?: string;
    grip?: string;
    mount?: string;
    movement?: number;
  };
  readonly items?: Iterable<WeaponItem>;
  readonly name?: string | null;
}

/** Readied weapons of an actor (engine form, named as on the sheet), with their item ids. */
export function readiedWeapons(actor: unknown): { id: string; weapon: GreyhawkWeapon }[] {
  const out: { id: string; weapon: GreyhawkWeapon }[] = [];
  for (const item of itemList((actor as StyleActor | null)?.items)) {
    const engine = item.system?.toEngine;
    if (item.type !== 'arme-adnd' || !item.system.equipped || typeof engine !== 'function') continue;
    const weapon = engine.call(item.system);
    out.push({ id: item.id ?? '', weapon: { ...weapon, name: item.name || weapon.name } });
  }
  return out;
}

/** The mount an actor rides: the actor its `mount` names (uuid or name), with its movement. */
function mountOf(actor: StyleActor, resolve: (uuid: string) => unknown): AttackerStyleFacts['mount'] {
  const ref = actor.system?.mount?.trim();
  if (!ref) return undefined;
  // A uuid, or the name of a world actor as typed on the sheet.
  const mount = (resolve(ref) ?? game.actors?.getName(ref) ?? null) as StyleActor | null;
  const normal = mount?.system?.movement;
  return mount && typeof normal === 'number' ? { name: mount.name ?? '', normal } : undefined;
}

/** The attacker's style facts for an attack with item `itemId`. */
export function attackerStyleFacts(
  actor: unknown,
  itemId: string,
  resolve: (uuid: string) => unknown,
): AttackerStyleFacts {
  const a = (actor ?? {}) as StyleActor;
  const other = readiedWeapons(actor).find((w) => w.id !== itemId && w.weapon.melee);
  const mount = mountOf(a, resolve);
  return {
    ...(other ? { otherWeapon: other.weapon } : {}),
    shield: Boolean(a.system?.shield),
    grip: a.system?.grip === 'two' ? 'two' : 'one',
    ...(mount ? { mount } : {}),
  };
}

/** The target's style facts: a single one-handed weapon and nothing else, or a readied missile. */
export function targetStyleFacts(target: unknown): TargetStyleFacts {
  const t = (target ?? {}) as StyleActor;
  const weapons = readiedWeapons(target).map((w) => w.weapon);
  const melee = weapons.filter((w) => w.melee);
  const single = melee.length === 1 ? melee[0] : undefined;
  const oneHanded =
    single !== undefined && (single.hands === 1 || (single.hands === 'either' && t.system?.grip !== 'two'));
  return {
    freeHand: oneHanded && !t.system?.shield,
    missileStyle: weapons.some((w) => !w.melee),
  };
}

/** G-ST5: the target's size and whether it holds a melee weapon, at `distance` metres. */
function targetReachOf(target: unknown, distance: number): StyleUse['targetReach'] {
  const size = (target as { system?: { size?: string } } | null)?.system?.size;
  if (!size) return undefined;
  const armed = readiedWeapons(target).some((w) => w.weapon.melee);
  return { size: size as NonNullable<StyleUse['targetReach']>['size'], armed, distance };
}

/** The style of an attack from both actors' documents and the dialog's answers. */
export function styleUseOf(
  attacker: unknown,
  itemId: string,
  weapon: GreyhawkWeapon,
  target: unknown,
  answers: StyleAnswers,
  missile: boolean,
  resolve: (uuid: string) => unknown,
): StyleUse {
  const defender = (target as StyleActor | null)?.system?.toEngine?.();
  const targetAc = defender ? targetStyleModifiers(defender, targetStyleFacts(target), missile) : [];
  return styleUseFrom(weapon, attackerStyleFacts(attacker, itemId, resolve), answers, missile, targetAc);
}

/**
 * GM side: for each target, the card's style answers (the request's, else the defaults) and the
 * style they give with the documents.
 */
export function styleChoicesFor(
  attacker: unknown,
  itemId: string,
  asked: StyleAnswers | undefined,
  resolve: (uuid: string) => unknown,
): (
  weapon: GreyhawkWeapon,
  target: unknown,
  missile: boolean,
  distance?: number,
) => { styleAnswers: StyleAnswers; style: StyleUse } {
  return (weapon, target, missile, distance) => {
    const c = (attacker as StyleActor | null)?.system?.toEngine?.();
    const facts = attackerStyleFacts(attacker, itemId, resolve);
    const styleAnswers = asked ?? (c ? defaultStyleAnswers(c, weapon, facts) : DEFAULT_STYLE_ANSWERS);
    const style = styleUseOf(attacker, itemId, weapon, target, styleAnswers, missile, resolve);
    const reach = distance === undefined ? undefined : targetReachOf(target, distance);
    return { styleAnswers, style: reach ? { ...style, targetReach: reach } : style };
  };
}
