import type { ExchangeAction, ExchangeMachine, ExchangeStep, Refusal } from '../../core/exchange';
import { RulesError } from '../../core/errors';
import type { Dice } from '../../dice/port';
import {
  ATTACK_CHARACTERISTICS,
  forceAttack,
  type AimKind,
  type AttackInput,
  type CharacteristicId,
} from '../attack';
import type { SouffleFighter } from '../fighter';
import { resolveDefence, spendSouffle, type DefenceMode } from '../defence';
import { disarmTest, knockOutTest, spendLuckAgainst } from '../manoeuvres';
import {
  applyFighterEffects,
  fighterEffects,
  fighterMark,
  undoRefusal,
  type SouffleExchangeEffect,
} from './effects';
import { defenceInput, noDefenceRefusal, parryRefusal } from './attack-defence';
import { bestMetier, type SouffleExchangeView } from './view';
import { applyOutcome, forcingOpen } from './attack-apply';
import {
  SOUFFLE_ATTACK_EXCHANGE,
  K,
  type SouffleManoeuvreTest,
  type SouffleApplied,
  type SouffleAttackState,
  manoeuvreOf,
  manoeuvreRule,
  effectRule,
  knockOutRefusal,
} from './attack-state';

function goneAttacker(view: SouffleExchangeView, rule: string) {
  return view.attacker ? undefined : { rule, key: 'PDA.Chat.Gone.Actor', data: { name: view.attackerName } };
}

function goneDefender(view: SouffleExchangeView, rule: string) {
  return view.defender ? undefined : { rule, key: 'PDA.Chat.Gone.Actor', data: { name: view.defenderName } };
}

function with_(action: ExchangeAction, refused: ExchangeAction['refused']): ExchangeAction {
  return refused ? { ...action, refused } : action;
}

function attackStepActions(state: SouffleAttackState, view: SouffleExchangeView): ExchangeAction[] {
  const out: ExchangeAction[] = [];
  const { attack } = state;
  const open = forcingOpen(state, view);
  if (attack.kind === 'melee' && !state.forceDone) {
    const available = view.attacker?.fighter.souffle.value ?? 0;
    const most = Math.min(attack.maxForce, available);
    const refused: Refusal | undefined =
      goneAttacker(view, 'S-AT2') ??
      (available < 1
        ? { rule: 'S-AT2', key: 'PDA.Error.SouffleNotEnoughSouffle', data: { souffle: 1, available } }
        : undefined);
    const exhausted = view.attacker?.fighter.states.includes('epuise')
      ? {
          rule: 'S-ST1',
          key: 'PDA.Error.SouffleStateStops',
          data: {
            name: view.attackerName,
            state: 'PDA.Souffle.StateWord.epuise',
            action: 'PDA.Souffle.Action.forcer',
          },
        }
      : undefined;
    const base = { side: 'attacker' as const, rule: 'S-AT2', style: 'secondary' as const };
    // S-AT2: a die already at its cap leaves no room at all: no forcing to offer (the card says so).
    if (attack.maxForce >= 1) {
      out.push(
        with_({ ...base, id: 'force1', label: { key: `${K}.Force`, data: { n: 1 } } }, exhausted ?? refused),
      );
      if (most > 1 && !exhausted)
        out.push({ ...base, id: 'forceMax', label: { key: `${K}.Force`, data: { n: most } } });
    }
    if (open)
      out.push({
        ...base,
        id: 'noForce',
        label: { key: state.souffleSpent > 0 ? `${K}.ForceDone` : `${K}.NoForce` },
      });
  }
  // S-AT2: the defence waits for the attacker's forcing (said under the defender's buttons).
  const wait: Refusal | undefined = open
    ? { rule: 'S-AT2', key: `${K}.WaitForce`, data: { name: view.attackerName } }
    : undefined;
  const base = { side: 'defender' as const, rule: 'S-DF1', style: 'primary' as const };
  const gone = goneDefender(view, 'S-DF1');
  const none = gone ? undefined : noDefenceRefusal(state, view.defender!);
  const parry = gone ?? none ?? parryRefusal(state, view.defender!, view);
  out.push(with_({ ...base, id: 'parade', label: { key: `${K}.Parry` } }, parry ?? wait));
  out.push(with_({ ...base, id: 'esquive', label: { key: `${K}.Dodge` } }, gone ?? none ?? wait));
  // S-DF1: a defender who may roll no defence takes the blow: défense and ½ métier still count.
  if (none) out.push(with_({ ...base, id: 'encaisser', label: { key: `${K}.TakeBlow` } }, wait));
  // S-DF2/S-A4: what no document knows about the defender's side, counted by the GM (+1 each).
  const gm = { side: 'gm' as const, rule: 'S-DF2', style: 'secondary' as const };
  const set = { rule: 'S-DF2', key: `${K}.DefenceContextSet` };
  out.push(
    with_(
      { ...gm, id: 'position', label: { key: `${K}.Position` } },
      state.defenceContext?.position ? set : undefined,
    ),
  );
  if (attack.kind === 'ranged')
    out.push(
      with_(
        { ...gm, id: 'seen', rule: 'S-A4', label: { key: `${K}.SeenComing` } },
        state.defenceContext?.seen ? { ...set, rule: 'S-A4' } : undefined,
      ),
    );
  return out;
}

function defendedActions(state: SouffleAttackState, view: SouffleExchangeView): ExchangeAction[] {
  const out: ExchangeAction[] = [];
  const kind = manoeuvreOf(state.attack.aim);
  const refusal = knockOutRefusal(state);
  const testPending = kind !== undefined && !state.test && !refusal;
  if (kind && !state.test) {
    out.push(
      with_(
        {
          id: 'test',
          label: { key: `${K}.Test.${kind}` },
          side: 'defender',
          rule: manoeuvreRule(kind),
          style: 'primary',
        },
        refusal ?? goneDefender(view, manoeuvreRule(kind)),
      ),
    );
  }
  // S-DF3 (issue 46): no Appliquer for a blow that would change nothing (0 souffle, 0 PV, no effect).
  const nothing = !testPending && view.defender && !applyOutcome(state, view)?.applied.written.length;
  if (!nothing)
    out.push(
      with_(
        { id: 'apply', label: { key: 'PDA.Chat.Action.Apply' }, side: 'gm', rule: 'S-DF3', style: 'primary' },
        testPending ? { rule: 'S-DF3', key: `${K}.TestFirst` } : goneDefender(view, 'S-DF3'),
      ),
    );
  return out;
}

function appliedActions(applied: SouffleApplied, view: SouffleExchangeView): ExchangeAction[] {
  const out: ExchangeAction[] = [
    with_(
      { id: 'undo', label: { key: 'PDA.Chat.Action.Undo' }, side: 'gm', rule: 'S-DF3', style: 'danger' },
      undoRefusal(view.defender?.fighter, view.defenderName, applied.after, 'S-DF3'),
    ),
  ];
  const effect = applied.effect;
  if (effect && !applied.luckSpent) {
    const chance = view.defender?.fighter.chance ?? 0;
    out.push(
      with_(
        {
          id: 'luck',
          label: { key: `${K}.Luck.${effect}` },
          side: 'defender',
          rule: effectRule(effect),
          style: 'secondary',
        },
        chance < 1 ? { rule: effectRule(effect), key: 'PDA.Error.SouffleNoLuck' } : undefined,
      ),
    );
  }
  return out;
}

type Step = ExchangeStep<SouffleAttackState, SouffleExchangeEffect>;

function perform(
  step: string,
  state: SouffleAttackState,
  view: SouffleExchangeView,
  actionId: string,
  dice: Dice,
): Step {
  const options = view.options;
  switch (actionId) {
    case 'force1':
    case 'forceMax': {
      const fighter = view.attacker!.fighter;
      if (fighter.states.includes('epuise'))
        throw new RulesError('PDA.Error.SouffleStateStops', {
          name: fighter.name,
          state: 'PDA.Souffle.StateWord.epuise',
          action: 'PDA.Souffle.Action.forcer',
        });
      const n = actionId === 'force1' ? 1 : Math.min(state.attack.maxForce, fighter.souffle.value);
      const attack = forceAttack(state.attack, n, fighter.souffle.value, options);
      const after = spendSouffle(fighter, n);
      return {
        step: 'attack',
        state: { ...state, attack, souffleSpent: state.souffleSpent + n },
        effects: fighterEffects('attacker', fighter, after),
        undo: [],
      };
    }
    case 'noForce': {
      if (!forcingOpen(state, view)) throw new RulesError('PDA.Error.CardNoSuchAction');
      return { step: 'attack', state: { ...state, forceDone: true }, effects: [], undo: [] };
    }
    case 'position':
    case 'seen': {
      if (state.defenceContext?.[actionId]) throw new RulesError(`${K}.DefenceContextSet`);
      const defenceContext = { ...(state.defenceContext ?? {}), [actionId]: true };
      return { step: 'attack', state: { ...state, defenceContext }, effects: [], undo: [] };
    }
    case 'parade':
    case 'esquive':
    case 'encaisser': {
      const d = view.defender!;
      // S-DF1: taking the blow is a defence with no roll (the dodge's level, never rolled).
      const mode: DefenceMode = actionId === 'encaisser' ? 'esquive' : actionId;
      const input = defenceInput(state, view, mode);
      const result = resolveDefence(
        state.attack,
        { defense: d.fighter.defense, metier: bestMetier(d.fighter) },
        actionId === 'encaisser' ? { ...input, noDefenceRoll: true } : input,
        dice,
        options,
      );
      const shown = actionId === 'encaisser' ? 'aucune' : mode;
      return {
        step: 'defended',
        state: { ...state, defence: { mode: shown, result } },
        effects: [],
        undo: [],
      };
    }
    case 'test': {
      const kind = manoeuvreOf(state.attack.aim);
      if (!kind || !state.defence) throw new RulesError('PDA.Error.CardNoSuchAction');
      const fighter = view.defender!.fighter;
      const { taken, level } = state.defence.result;
      let test: SouffleManoeuvreTest;
      if (kind === 'desarmer') {
        const r = disarmTest(state.attack, taken, fighter, dice, options);
        test = { kind, result: r, effect: r.disarmed, rounds: 0 };
      } else {
        const r = knockOutTest(
          state.attack,
          level.canRoll ? level.level : 'none',
          taken,
          fighter,
          dice,
          options,
        );
        test = { kind, result: r, effect: r.knockedOut, rounds: r.rounds };
      }
      return { step: 'defended', state: { ...state, test }, effects: [], undo: [] };
    }
    case 'apply': {
      const out = applyOutcome(state, view);
      if (!out) throw new RulesError('PDA.Error.CardNoSuchAction');
      return {
        step: 'applied',
        state: { ...state, applied: out.applied },
        effects: out.applied.written,
        undo: out.applied.undo,
      };
    }
    case 'undo': {
      const applied = state.applied;
      if (!applied) throw new RulesError('PDA.Error.CardNothingToUndo');
      const { applied: _gone, ...rest } = state;
      return {
        step: 'defended',
        state: { ...rest, undone: state.undone + 1 },
        effects: applied.undo,
        undo: [],
      };
    }
    case 'luck': {
      const applied = state.applied;
      if (!applied?.effect) throw new RulesError('PDA.Error.CardNoSuchAction');
      const now = view.defender!.fighter;
      const after = spendLuckAgainst(now, applied.effect);
      // The defender before the apply, to keep one undo for the apply and the luck point.
      const original = applyFighterEffects(now, 'defender', applied.undo);
      const effects = fighterEffects('defender', now, after);
      return {
        step,
        state: {
          ...state,
          applied: {
            ...applied,
            luckSpent: true,
            written: fighterEffects('defender', original, after),
            undo: fighterEffects('defender', after, original),
            after: fighterMark(after),
          },
        },
        effects,
        undo: fighterEffects('defender', after, now),
      };
    }
    default:
      throw new RulesError('PDA.Error.CardNoSuchAction');
  }
}

export const souffleAttackExchange: ExchangeMachine<
  SouffleAttackState,
  SouffleExchangeView,
  SouffleExchangeEffect
> = {
  id: SOUFFLE_ATTACK_EXCHANGE,
  actions(step, state, view) {
    if (step === 'attack') return attackStepActions(state, view);
    if (step === 'defended') return defendedActions(state, view);
    if (step === 'applied' && state.applied) return appliedActions(state.applied, view);
    return [];
  },
  perform,
};

/** What the attack dialog chose (S-AT1, S-AT4, S-A4, S-AT7). */
export interface SouffleAttackChoice {
  readonly characteristic: CharacteristicId;
  readonly metier: number;
  readonly context: number;
}

/**
 * The attack input from the sheet's defaults and the dialog's choice: a characteristic the attack
 * allows, and one of the fighter's métiers (or none); refuses anything else.
 */
export function chosenAttackInput(
  base: AttackInput,
  fighter: SouffleFighter,
  choice: SouffleAttackChoice,
  aim: AimKind | undefined,
): AttackInput {
  if (choice.metier !== 0 && !Object.values(fighter.metiers).includes(choice.metier))
    throw new RulesError('PDA.Error.BadPayload', { field: 'choices.metier' });
  if (!ATTACK_CHARACTERISTICS[base.kind].includes(choice.characteristic))
    throw new RulesError('PDA.Error.SouffleAttackCharacteristic', {
      kind: base.kind,
      characteristic: choice.characteristic,
    });
  return {
    ...base,
    characteristic: { id: choice.characteristic, value: fighter[choice.characteristic] },
    metier: choice.metier,
    ...(choice.context ? { context: choice.context } : {}),
    ...(aim ? { aim } : {}),
  };
}

export {
  SOUFFLE_ATTACK_EXCHANGE,
  type SouffleManoeuvreEffect,
  type SouffleManoeuvreTest,
  type SouffleApplied,
  type SouffleAttackState,
  AIM_RULE,
  openSouffleAttack,
  manoeuvreOf,
  knockOutRefusal,
  defenceContextLevels,
  holdBlow,
} from './attack-state';
