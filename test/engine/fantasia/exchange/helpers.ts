import { takeAction, type ExchangeSide } from '../../../../src/engine/core/exchange';
import { ScriptedDice } from '../../../../src/engine/dice';
import {
  applyFighterEffects,
  DEFAULT_FANTASIA_OPTIONS,
  fantasiaAttackMachine,
  openAttack,
  type AttackIntent,
  type FantasiaAttackState,
  type FantasiaAttackView,
  type FantasiaCombatant,
  type FantasiaEffect,
} from '../../../../src/engine/fantasia';

export const NO_INTENT: AttackIntent = { cover: 0, thrustId: '', knockOut: false, whip: '' };

/**
 * One exchange played the way the card host plays it: the fighters stand for the documents (the
 * effects of every action are applied to them), the view is built again before every action.
 */
export class Exchange {
  step: string;
  state: FantasiaAttackState;
  effects: FantasiaEffect[] = [];
  undo: FantasiaEffect[] = [];
  view: Omit<FantasiaAttackView, 'attacker' | 'defender' | 'attackerName' | 'defenderName'>;

  constructor(
    public attacker: FantasiaCombatant,
    public defender: FantasiaCombatant,
    weaponId: string,
    dice: number[],
    intent: Partial<AttackIntent> = {},
    view: Partial<FantasiaAttackView> = {},
  ) {
    const opened = openAttack(
      { attacker, defender, weaponId, intent: { ...NO_INTENT, ...intent }, memory: view.memory ?? [] },
      new ScriptedDice(dice),
    );
    this.step = opened.step;
    this.state = opened.state;
    if (opened.attackerAfter) this.attacker = opened.attackerAfter;
    this.view = {
      facts: { dodgeDeclared: false, attackDeclared: false, parriedThisRound: false },
      memory: [],
      startRound: 1,
      options: DEFAULT_FANTASIA_OPTIONS,
      ...view,
    };
  }

  current(): FantasiaAttackView {
    return {
      ...this.view,
      attacker: this.attacker,
      defender: this.defender,
      attackerName: this.attacker.name,
      defenderName: this.defender.name,
    };
  }

  actions() {
    return fantasiaAttackMachine.actions(this.step, this.state, this.current());
  }

  action(id: string) {
    return this.actions().find((a) => a.id === id);
  }

  /** Takes an action as `side` with these dice; the effects land on the fighters. */
  take(id: string, side: ExchangeSide, dice: number[] = []): FantasiaEffect[] {
    const scripted = new ScriptedDice(dice);
    const next = takeAction(fantasiaAttackMachine, this.step, this.state, this.current(), id, side, scripted);
    this.step = next.step;
    this.state = next.state;
    this.effects = [...next.effects];
    this.undo = [...next.undo];
    this.attacker = applyFighterEffects(this.attacker, 'attacker', next.effects);
    this.defender = applyFighterEffects(this.defender, 'defender', next.effects);
    if (scripted.remaining) throw new Error(`${scripted.remaining} dice left unused`);
    return this.effects;
  }
}
