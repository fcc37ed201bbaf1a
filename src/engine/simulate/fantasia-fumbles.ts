import type { Dice } from '../dice/port';
import { fightCondition } from '../fantasia/fallen';
import { fumbleOptions, resolveFumble, type FumbleOptionId } from '../fantasia/fumbles';
import type { FantasiaWeapon } from '../fantasia/types';
import type { FightResult } from './stats';
import { FantasiaFightRound } from './fantasia-round';
import { patched, type Pv, reshaped, type Striker } from './fantasia-runtime';
import { rollTotal } from './fantasia-striker';

/** Keys of a lost balance's states (see FantasiaFightBase.keptPatch): kept on its feet, or fallen. */
const SKIP = 'skip';
const SKIP_FALL = 'skipFall';

/** No weapon broken. */
const NONE_BROKEN: readonly string[] = [];

/** A Fantasia fight's fumbles (F-H6..F-H9, F-W6) and fighters going down. */
export class FantasiaFightFumbles extends FantasiaFightRound {
  /** The last fumble's option and friend hit (see `fumbled`). */
  private readonly fumbleResult: { option: FumbleOptionId; friend: number } = {
    option: 'weaponBreaks',
    friend: -1,
  };

  /**
   * A fumble's consequence (F-H6..F-H9, F-W6): the option the GM would pick from the card's list
   * (fumbleOptions; a friend to hit only when one stands), by the encounter's `fumbles` setting:
   * 'random' draws it with a die, an option id takes that one where the weapon allows it.
   */
  protected fumble(
    i: number,
    attack: Parameters<typeof fumbleOptions>[0],
    dice: Dice,
    out: FightResult,
  ): { option: FumbleOptionId; friend: number } | undefined {
    const f = this.fighters[i]!;
    const friend = this.friendOf(i);
    const offered = fumbleOptions(attack).filter((o) => !o.needsFriend || friend >= 0);
    if (!offered.length) return undefined;
    const wanted = this.fumbles;
    const chosen: FumbleOptionId =
      offered.find((o) => o.id === wanted)?.id ?? offered[dice.die(offered.length) - 1]!.id;
    const outcome = resolveFumble(
      attack,
      chosen,
      { attacker: f.c, ...(friend >= 0 ? { friend: this.fighters[friend]!.c } : {}) },
      dice,
      this.options,
    );
    f.c = reshaped(outcome.attacker.combatant, f.c);
    if (outcome.friend && friend >= 0) {
      const t = this.fighters[friend]!;
      t.c = reshaped(outcome.friend.combatant, t.c);
    }
    return this.fumbled(i, chosen, outcome.friend ? friend : -1, out);
  }

  /** The first friend of `i` standing (the one a fumble may hit, F-H6), -1 when none. */
  protected friendOf(i: number): number {
    const arena = this.arena;
    for (let j = 0; j < this.fighters.length; j++)
      if (j !== i && this.sideOf[j] === this.sideOf[i] && !arena.fighters[j]!.out) return j;
    return -1;
  }

  /**
   * A melee weapon's fumble (F-H6) by the simulator's own steps: the option as `fumble` picks
   * it from the card's three (weapon breaks, lose balance, hit a friend: only with a friend
   * standing), and resolveFumble's outcome: the broken weapon listed; the DEX×3 roll (F-H6) and
   * the lost attack, on the ground when it fails; the friend hit by the weapon's damage, no
   * critical and no defence (rollDamage of the attack made a hit), armour off.
   */
  protected meleeFumble(
    i: number,
    striker: Striker,
    dice: Dice,
    out: FightResult,
  ): { option: FumbleOptionId; friend: number } {
    const f = this.fighters[i]!;
    const friend = this.friendOf(i);
    const wanted = this.fumbles;
    const count = friend >= 0 ? 3 : 2;
    let option =
      wanted === 'weaponBreaks'
        ? 0
        : wanted === 'loseBalance'
          ? 1
          : wanted === 'hitFriend' && friend >= 0
            ? 2
            : -1;
    if (option < 0) option = dice.die(count) - 1;
    if (option === 0) {
      // Keyed by the weapon broken (see keptPatch).
      const from = f.c;
      f.c =
        this.keptPatch(f, from, striker.weapon) ??
        this.keepPatch(
          f,
          from,
          striker.weapon,
          patched(from, { weaponBroken: [...(from.states.weaponBroken ?? []), striker.weapon.id] }),
        );
      return this.fumbled(i, 'weaponBreaks', -1, out);
    }
    if (option === 1) {
      const roll = dice.die(100);
      const critical = this.critical;
      const fumbles = this.fumbleRange;
      const kept =
        (roll >= critical.from && roll <= critical.to) ||
        (!(roll >= fumbles.from && roll <= fumbles.to) && roll <= f.c.characteristics.DEX * 3);
      const from = f.c;
      const key = kept ? SKIP : SKIP_FALL;
      f.c =
        this.keptPatch(f, from, key) ??
        this.keepPatch(
          f,
          from,
          key,
          patched(from, kept ? { skipNextAttack: true } : { skipNextAttack: true, fallen: true }),
        );
      return this.fumbled(i, 'loseBalance', -1, out);
    }
    const t = this.fighters[friend]!;
    let raw = rollTotal(striker.damage, dice);
    if (striker.bonus) raw += rollTotal(striker.bonus, dice);
    raw = Math.max(0, raw);
    (t.c.pv as Pv).value -= raw - Math.min(t.c.armour, raw);
    return this.fumbled(i, 'hitFriend', friend, out);
  }

  /** What follows a fumble's outcome: timed states, weapons put away, fighters down. */
  protected fumbled(
    i: number,
    option: FumbleOptionId,
    friend: number,
    out: FightResult,
  ): { option: FumbleOptionId; friend: number } {
    const f = this.fighters[i]!;
    const round = this.round;
    f.timed = true;
    if (friend >= 0) this.fighters[friend]!.timed = true;
    if (f.c.states.skipNextAttack) f.skipUntil = round + 2;
    if (f.c.states.weaponBound) f.boundUntil = round + 1;
    const broken = f.c.states.weaponBroken ?? NONE_BROKEN;
    if (broken.includes(f.melee.id)) {
      f.melee = unbroken(f.melees, broken) ?? f.melees[f.melees.length - 1]!;
      f.meleeIndex = f.melees.indexOf(f.melee);
      f.meleeStriker = f.strikers.get(f.melee.id)!;
    }
    // A jammed or broken missile weapon is put away: its owner fights in melee from then on.
    if (f.missile && (broken.includes(f.missile.id) || f.c.states.jammed?.weaponId === f.missile.id)) {
      f.missile = undefined;
      f.missileStriker = undefined;
    }
    if (friend >= 0) this.checkDown(friend, i, out);
    if (this.isDown(f)) this.checkDown(i, i, out);
    // One record for every fumble, read at once by the caller (the tracer's blow).
    const result = this.fumbleResult;
    result.option = option;
    result.friend = friend;
    return result;
  }

  /** Marks fighter `j` out of the fight once down, felled by `by`. */
  protected checkDown(j: number, by: number, out: FightResult): void {
    const t = this.fighters[j]!;
    if (!this.isDown(t) || this.arena.fighters[j]!.out) return;
    this.arena.leave(j);
    out.down[j] = 1;
    out.downedBy[j] = by;
    if (t.c.states.dead === true || fightCondition(t.c, this.options.zeroPv) === 'dead') out.dead[j] = 1;
  }
}

/**
 * The first of `weapons` not broken. Apart from `fumbled`: a closure over its list of broken
 * weapons would make it allocate a context at every call, most of them with nothing broken.
 */
function unbroken(weapons: readonly FantasiaWeapon[], broken: readonly string[]): FantasiaWeapon | undefined {
  for (const w of weapons) if (!broken.includes(w.id)) return w;
  return undefined;
}
