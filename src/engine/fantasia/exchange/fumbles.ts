import { RulesError } from '../../core/errors';
import type { Dice } from '../../dice/port';
import { fumbleOptions, resolveFumble, type FumbleOptionId } from '../fumbles';
import { resolveArquebusMishap, startArquebusReload } from '../reload';
import { fighterEffects, type FantasiaEffect } from './effects';
import { applyChange } from '../damage';
import { undoConflict, undoRefusal } from '../../core/undo';
import type { Refusal } from '../../core/exchange';
import { needFighter, undoView } from './steps';
import { STEP, type FantasiaAttackState } from './state';
import type { FantasiaAttackView } from './view';

export interface FumbleStep {
  readonly step: string;
  readonly state: FantasiaAttackState;
  readonly effects: FantasiaEffect[];
}

/** F-W6 too much powder: the round's readiness gets the doubled countdown. */
function powder(state: FantasiaAttackState, rounds: number | undefined): FantasiaEffect[] {
  if (rounds === undefined) return [];
  return [{ type: 'reloadCountdown', fighter: 'attacker', weaponId: state.attack.weapon.id, rounds }];
}

/** F-W6: the gun burst; its damage waits on the card for Appliquer, like any damage. */
function burstPending(state: FantasiaAttackState, damage: number): FumbleStep {
  return { step: STEP.burst, state: { ...state, burst: { damage, applied: null } }, effects: [] };
}

/** F-W6: the burst applied to the shooter: 1d6 PV (no armour) and the gun destroyed. */
export function applyBurst(state: FantasiaAttackState, view: FantasiaAttackView): FumbleStep {
  const burst = state.burst;
  if (!burst || burst.applied) throw new RulesError('PDA.Error.CardAlreadyApplied');
  const shooter = needFighter(view.attacker, view.attackerName);
  const weaponId = state.attack.weapon.id;
  const broken = (shooter.states.weaponBroken ?? []).includes(weaponId)
    ? [...(shooter.states.weaponBroken ?? [])]
    : [...(shooter.states.weaponBroken ?? []), weaponId];
  const a = applyChange(shooter, burst.damage, { weaponBroken: broken }, ['F-W6']);
  return {
    step: STEP.burstApplied,
    state: { ...state, burst: { ...burst, applied: a.diff } },
    effects: fighterEffects('attacker', a.diff.before, a.diff.after),
  };
}

/** F-W6: the burst undone, refused when the shooter changed since (like any undo). */
export function undoBurst(
  state: FantasiaAttackState,
  view: FantasiaAttackView,
): FumbleStep | { refused: Refusal } {
  const diff = state.burst?.applied;
  if (!state.burst || !diff) return { refused: { rule: 'F-W6', key: 'PDA.Error.CardNothingToUndo' } };
  const shooter = needFighter(view.attacker, view.attackerName);
  const conflict = undoConflict(undoView(shooter), undoView(diff.after));
  if (conflict) {
    const r = undoRefusal(shooter.name, conflict);
    return { refused: { rule: 'F-W6', key: r.key, data: r.data } };
  }
  const restored = { ...shooter, pv: diff.before.pv, states: diff.before.states };
  return {
    step: STEP.burst,
    state: { ...state, burst: { ...state.burst, applied: null }, undone: state.undone + 1 },
    effects: fighterEffects('attacker', shooter, restored),
  };
}

/** F-H6..F-H9, F-W6: the option the GM picked; a friend hit carries the blow on to the friend. */
export function performFumble(
  state: FantasiaAttackState,
  view: FantasiaAttackView,
  option: FumbleOptionId,
  dice: Dice,
): FumbleStep {
  const attacker = needFighter(view.attacker, view.attackerName);
  const needsFriend = fumbleOptions(state.attack).find((o) => o.id === option)?.needsFriend;
  const friend = needsFriend ? view.friend : undefined;
  if (needsFriend && !friend) throw new RulesError('PDA.Error.CardNeedFriend');
  const outcome = resolveFumble(
    state.attack,
    option,
    { attacker, ...(friend ? { friend: friend.combatant } : {}) },
    dice,
    view.options,
  );
  const reloadRounds =
    outcome.arquebus?.reloadDoubled === true
      ? startArquebusReload(attacker, state.attack.weapon.id, dice, true).rounds
      : undefined;
  const fumble = {
    option,
    roll: outcome.roll ?? outcome.arquebus?.chance ?? null,
    incident: outcome.arquebus?.incident ?? null,
    burstDamage: outcome.arquebus?.burstDamage ?? 0,
    friendName: friend?.name ?? '',
    ...(reloadRounds !== undefined ? { reloadRounds } : {}),
  };
  if (outcome.arquebus?.incident === 'burst') return burstPending({ ...state, fumble }, fumble.burstDamage);
  if (friend && outcome.friendDamage) {
    // The blow lands on the friend: the exchange goes on with the friend as its defender.
    return { step: STEP.damage, state: { ...state, fumble, damage: outcome.friendDamage }, effects: [] };
  }
  return {
    step: STEP.done,
    state: { ...state, fumble },
    effects: [
      ...fighterEffects('attacker', outcome.attacker.diff.before, outcome.attacker.diff.after),
      ...powder(state, reloadRounds),
    ],
  };
}

/** F-W6: the missed arquebus shot's Chance roll and its incident. */
export function performMishap(state: FantasiaAttackState, view: FantasiaAttackView, dice: Dice): FumbleStep {
  const attacker = needFighter(view.attacker, view.attackerName);
  const weaponId = state.attack.weapon.id;
  const m = resolveArquebusMishap(attacker, weaponId, dice, view.options);
  const reloadRounds = m.reloadDoubled
    ? startArquebusReload(attacker, weaponId, dice, true).rounds
    : undefined;
  if (m.incident === 'burst') {
    const mishap = { chance: m.chance, incident: m.incident, burstDamage: m.burstDamage ?? 0 };
    return burstPending({ ...state, mishap }, mishap.burstDamage);
  }
  return {
    step: STEP.done,
    state: {
      ...state,
      mishap: {
        chance: m.chance,
        incident: m.incident ?? null,
        burstDamage: m.burstDamage ?? 0,
        ...(reloadRounds !== undefined ? { reloadRounds } : {}),
      },
    },
    effects: [
      ...fighterEffects('attacker', m.applied.diff.before, m.applied.diff.after),
      ...powder(state, reloadRounds),
    ],
  };
}
