import { RulesError } from '../../../../engine/core/errors';
import {
  forceAttack,
  mayChooseLocation,
  type AttackInput,
  type AttackResult,
  type AimKind,
} from '../../../../engine/souffle/attack';
import {
  applyDamage,
  defenceLevel,
  resolveDefence,
  spendSouffle,
  type DefenceMode,
  type DefenceResult,
} from '../../../../engine/souffle/defence';
import { ladderRow } from '../../../../engine/souffle/ladder';
import {
  canKnockOut,
  disarm,
  disarmTest,
  knockOut,
  knockOutTest,
  spendLuckAgainst,
  type TestResult,
} from '../../../../engine/souffle/manoeuvres';
import type {
  CardAction,
  CardFlow,
  CardRow,
  CardSection,
  CardSnapshot,
  FlowEnv,
  FlowResult,
} from '../../../chat/flow';
import {
  bestMetier,
  diceText,
  fighterSnapshot,
  fighterWrite,
  signed,
  souffleActor,
  souffleOptionsNow,
  text,
} from './fighters';

/**
 * The Souffle attack card (S-R1): attack roll with its potential damage (S-AT1..S-AT5, S-AT7,
 * S-A4) → forcing with souffle (S-AT2) → the defender's defence roll, clicked by its owner or the
 * GM (S-DF1..S-DF3, S-MN1) → the manoeuvre test of a disarm or knock-out (S-MN2, S-MN3) → the GM
 * applies the damage to souffle then PV (S-DF3) and may undo it; a luck point then cancels a
 * disarm or knock-out (S-MN2, S-MN3). The pipeline (../card.ts) checks revision, ownership and
 * the listed actions before perform() runs, so a second "apply" on the same card is refused.
 */

export const SOUFFLE_ATTACK_FLOW = 'souffle.attack';

export type SouffleEffect = 'desarme' | 'assomme';

export interface SouffleManoeuvreTest {
  readonly kind: 'desarmer' | 'assommer';
  readonly result: TestResult;
  /** The test failed and the effect lands when the damage is applied. */
  readonly effect: boolean;
  /** Rounds knocked out (S-MN3). */
  readonly rounds: number;
}

export interface SouffleApplied {
  /** The defender's stored values before the change (undo writes them back). */
  readonly before: Record<string, unknown>;
  readonly toSouffle: number;
  readonly toPv: number;
  readonly effect?: SouffleEffect;
  readonly luckSpent: boolean;
}

export interface SouffleAttackState {
  readonly attackerName: string;
  readonly weaponName: string;
  readonly input: AttackInput;
  readonly attack: AttackResult;
  /** Souffle the attacker spent forcing (S-AT2). */
  readonly souffleSpent: number;
  readonly defence?: { readonly mode: DefenceMode; readonly result: DefenceResult };
  readonly test?: SouffleManoeuvreTest;
  readonly applied?: SouffleApplied;
  readonly undone: number;
}

type Card = CardSnapshot<SouffleAttackState>;

const K = 'PDA.Souffle.Chat';

const AIM_RULE: Readonly<Record<AimKind, string>> = {
  viser: 'S-AT7',
  feinte: 'S-MN1',
  desarmer: 'S-MN2',
  assommer: 'S-MN3',
};

function attackerOf(card: Card, env: FlowEnv) {
  return souffleActor(env.resolve(card.actorUuid), card.state.attackerName);
}

function targetOf(card: Card) {
  const target = card.targets[0];
  if (!target) throw new RulesError('PDA.Error.CardNoTarget');
  return target;
}

function defenderOf(card: Card, env: FlowEnv) {
  const target = targetOf(card);
  return souffleActor(env.resolve(target.actorUuid), target.name);
}

function manoeuvreOf(aim: AimKind | undefined): 'desarmer' | 'assommer' | undefined {
  return aim === 'desarmer' || aim === 'assommer' ? aim : undefined;
}

/** Why the knock-out cannot be tried (S-MN3), or undefined. */
function knockOutRefusal(state: SouffleAttackState): RulesError | undefined {
  if (state.attack.aim !== 'assommer' || !state.defence) return undefined;
  const level = state.defence.result.level;
  const defence = level.canRoll ? level.level : 'none';
  const weapons = state.attack.weapons.filter((w) => w.id !== 'mainsNues');
  if (canKnockOut(state.attack.level, defence, weapons)) return undefined;
  return new RulesError('PDA.Error.SouffleKnockOutConditions', {
    attack: state.attack.level,
    defence: String(defence),
  });
}

function refusalText(error: unknown): { key: string; data?: Record<string, string | number> } {
  if (error instanceof RulesError) return { key: error.key, data: { ...error.data } };
  return { key: 'PDA.Error.Unexpected' };
}

function forceActions(card: Card, env: FlowEnv): CardAction[] {
  const { attack } = card.state;
  if (attack.kind !== 'melee') return [];
  let available = 0;
  try {
    available = attackerOf(card, env).system.toEngine().souffle.value;
  } catch {
    available = 0;
  }
  const most = Math.min(attack.maxForce, available);
  const reason =
    attack.maxForce < 1
      ? text('PDA.Error.SouffleForceCap', { souffle: 1, max: 0 })
      : available < 1
        ? text('PDA.Error.SouffleNotEnoughSouffle', { souffle: 1, available })
        : undefined;
  const base = { owners: [card.actorUuid], rule: 'S-AT2', style: 'secondary' as const };
  const actions: CardAction[] = [
    {
      ...base,
      id: 'force1',
      label: text(`${K}.Force`, { n: 1 }),
      enabled: !reason,
      ...(reason ? { reason } : {}),
    },
  ];
  if (most > 1)
    actions.push({ ...base, id: 'forceMax', label: text(`${K}.Force`, { n: most }), enabled: true });
  return actions;
}

function defenceActions(card: Card): CardAction[] {
  const target = targetOf(card);
  const owners = [target.actorUuid];
  const parry: CardAction = {
    id: 'parade',
    label: text(`${K}.Parry`),
    owners,
    enabled: true,
    rule: 'S-DF1',
    style: 'primary',
  };
  return [
    parry,
    { id: 'esquive', label: text(`${K}.Dodge`), owners, enabled: true, rule: 'S-DF1', style: 'primary' },
  ];
}

function parryAllowed(card: Card, env: FlowEnv, action: CardAction): CardAction {
  if (action.id !== 'parade' || card.state.attack.kind !== 'ranged') return action;
  try {
    const shield = defenderOf(card, env).system.engineShield();
    defenceLevel(card.state.attack, { mode: 'parade', states: [], ...(shield ? { shield } : {}) });
    return action;
  } catch (error) {
    return { ...action, enabled: false, reason: refusalText(error) };
  }
}

export const souffleAttackFlow: CardFlow<SouffleAttackState> = {
  id: SOUFFLE_ATTACK_FLOW,
  ruleset: 'souffle',

  actions(card, env) {
    const { state } = card;
    const target = card.targets[0];
    if (!target) return [];
    if (card.step === 'attack') {
      return [...forceActions(card, env), ...defenceActions(card).map((a) => parryAllowed(card, env, a))];
    }
    if (card.step === 'defended') {
      const out: CardAction[] = [];
      const kind = manoeuvreOf(state.attack.aim);
      const refusal = knockOutRefusal(state);
      const testPending = kind !== undefined && !state.test && !refusal;
      if (kind && !state.test) {
        out.push({
          id: 'test',
          label: text(`${K}.Test.${kind}`),
          owners: [target.actorUuid],
          enabled: !refusal,
          ...(refusal ? { reason: refusalText(refusal) } : {}),
          rule: kind === 'desarmer' ? 'S-MN2' : 'S-MN3',
          style: 'primary',
        });
      }
      out.push({
        id: 'apply',
        label: text('PDA.Chat.Action.Apply'),
        owners: [],
        enabled: !testPending,
        ...(testPending ? { reason: text(`${K}.TestFirst`) } : {}),
        rule: 'S-DF3',
        style: 'primary',
      });
      return out;
    }
    if (card.step === 'applied' && state.applied) {
      const out: CardAction[] = [
        {
          id: 'undo',
          label: text('PDA.Chat.Action.Undo'),
          owners: [],
          enabled: true,
          rule: 'S-DF3',
          style: 'danger',
        },
      ];
      const effect = state.applied.effect;
      if (effect && !state.applied.luckSpent) {
        let chance = 0;
        try {
          chance = defenderOf(card, env).system.toEngine().chance;
        } catch {
          chance = 0;
        }
        out.push({
          id: 'luck',
          label: text(`${K}.Luck.${effect}`),
          owners: [target.actorUuid],
          enabled: chance >= 1,
          ...(chance < 1 ? { reason: text('PDA.Error.SouffleNoLuck') } : {}),
          rule: effect === 'desarme' ? 'S-MN2' : 'S-MN3',
          style: 'secondary',
        });
      }
      return out;
    }
    return [];
  },

  async perform(card, actionId, env): Promise<FlowResult<SouffleAttackState>> {
    const options = souffleOptionsNow();
    const { state } = card;
    switch (actionId) {
      case 'force1':
      case 'forceMax': {
        const attacker = attackerOf(card, env);
        const fighter = attacker.system.toEngine();
        const n = actionId === 'force1' ? 1 : Math.min(state.attack.maxForce, fighter.souffle.value);
        const attack = forceAttack(state.attack, n, fighter.souffle.value, options);
        const after = spendSouffle(fighter, n);
        return {
          step: 'attack',
          state: { ...state, attack, souffleSpent: state.souffleSpent + n },
          writes: [fighterWrite(attacker, after)],
        };
      }
      case 'parade':
      case 'esquive': {
        const defender = defenderOf(card, env);
        const fighter = defender.system.toEngine();
        const armour = defender.system.engineArmour();
        const shield = defender.system.engineShield();
        const input = {
          mode: actionId as DefenceMode,
          states: fighter.states,
          ...(fighter.posture ? { posture: fighter.posture } : {}),
          ...(armour ? { armour } : {}),
          ...(shield ? { shield } : {}),
          ...(state.attack.aim === 'feinte' ? { feinted: true } : {}),
        };
        const result = await env.roll((dice) =>
          resolveDefence(
            state.attack,
            { defense: fighter.defense, metier: bestMetier(fighter) },
            input,
            dice,
            options,
          ),
        );
        return { step: 'defended', state: { ...state, defence: { mode: input.mode, result } } };
      }
      case 'test': {
        const kind = manoeuvreOf(state.attack.aim);
        if (!kind || !state.defence) throw new RulesError('PDA.Error.CardNoSuchAction');
        const fighter = defenderOf(card, env).system.toEngine();
        const taken = state.defence.result.taken;
        const level = state.defence.result.level;
        const test: SouffleManoeuvreTest =
          kind === 'desarmer'
            ? await env.roll((dice) => {
                const r = disarmTest(state.attack, taken, fighter, dice, options);
                return { kind, result: r, effect: r.disarmed, rounds: 0 };
              })
            : await env.roll((dice) => {
                const r = knockOutTest(
                  state.attack,
                  level.canRoll ? level.level : 'none',
                  taken,
                  fighter,
                  dice,
                  options,
                );
                return { kind, result: r, effect: r.knockedOut, rounds: r.rounds };
              });
        return { step: 'defended', state: { ...state, test } };
      }
      case 'apply': {
        if (!state.defence) throw new RulesError('PDA.Error.CardNoSuchAction');
        const defender = defenderOf(card, env);
        const fighter = defender.system.toEngine();
        const out = applyDamage(fighter, state.defence.result.taken, options);
        let next = out.fighter;
        let effect: SouffleEffect | undefined;
        if (state.test?.effect) {
          effect = state.test.kind === 'desarmer' ? 'desarme' : 'assomme';
          next = effect === 'desarme' ? disarm(next) : knockOut(next, state.test.rounds);
        }
        const applied: SouffleApplied = {
          before: fighterSnapshot(defender, fighter),
          toSouffle: out.toSouffle,
          toPv: out.toPv,
          ...(effect ? { effect } : {}),
          luckSpent: false,
        };
        return {
          step: 'applied',
          state: { ...state, applied },
          writes: [fighterWrite(defender, next)],
        };
      }
      case 'undo': {
        if (!state.applied) throw new RulesError('PDA.Error.CardNothingToUndo');
        const target = targetOf(card);
        const { applied: _gone, ...rest } = state;
        return {
          step: 'defended',
          state: { ...rest, undone: state.undone + 1 },
          writes: [{ uuid: target.actorUuid, update: { system: state.applied.before } }],
        };
      }
      case 'luck': {
        const effect = state.applied?.effect;
        if (!state.applied || !effect) throw new RulesError('PDA.Error.CardNoSuchAction');
        const defender = defenderOf(card, env);
        const after = spendLuckAgainst(defender.system.toEngine(), effect);
        return {
          step: 'applied',
          state: { ...state, applied: { ...state.applied, luckSpent: true } },
          writes: [fighterWrite(defender, after)],
        };
      }
      default:
        throw new RulesError('PDA.Error.CardNoSuchAction');
    }
  },

  context(card, env) {
    return souffleAttackContext(card, env);
  },
};

function levelText(env: FlowEnv, level: number): string {
  const options = souffleOptionsNow();
  let name = '';
  try {
    const row = ladderRow(options.ladder, level);
    if (row.name) name = ` (${env.t(text(`PDA.Souffle.Level.${row.name}`))})`;
  } catch {
    name = '';
  }
  return `${signed(level)}${name}`;
}

/** The card's sections, already localized. */
export function souffleAttackContext(card: Card, env: FlowEnv) {
  const s = card.state;
  const L = (key: string, data?: Record<string, string | number>) => env.t(text(`${K}.${key}`, data));
  const target = card.targets[0];
  const a = s.attack;
  const attackRows: CardRow[] = [
    { label: L('Row.Level'), value: levelText(env, a.level), rule: a.kind === 'melee' ? 'S-AT1' : 'S-AT4' },
    { label: L('Row.Dice'), value: diceText(a.roll), rule: 'S-A1' },
    {
      label: env.t(text(`PDA.Souffle.Characteristic.${s.input.characteristic.id}`)),
      value: String(s.input.characteristic.value),
    },
    { label: L('Row.Metier'), value: String(s.input.metier) },
    { label: L('Row.WeaponDamage'), value: `+${a.weaponDamage}`, rule: 'S-A3' },
  ];
  if (a.statsDamage) attackRows.push({ label: L('Row.StatsDamage'), value: `+${a.statsDamage}` });
  if (a.forced) attackRows.push({ label: L('Row.Forced'), value: `+${a.forced}`, rule: 'S-AT2' });
  attackRows.push({ label: L('Row.Potential'), value: String(a.potential), css: 'pda-total' });
  const notes: { text: string; rule?: string }[] = [];
  if (a.aim) notes.push({ text: L(`Aim.${a.aim}`), rule: AIM_RULE[a.aim] });
  if (a.kind === 'melee' && card.step === 'attack' && a.maxForce > 0)
    notes.push({ text: L('ForceRoom', { n: a.maxForce }), rule: 'S-AT2' });
  const sections: CardSection[] = [
    { title: L('Section.Attack'), css: 'pda-souffle-attack', rows: attackRows, notes },
  ];

  if (s.defence) {
    const d = s.defence.result;
    const rows: CardRow[] = [
      {
        label: L('Row.DefenceMode'),
        value: L(s.defence.mode === 'parade' ? 'Parry' : 'Dodge'),
        rule: 'S-DF1',
      },
      { label: L('Row.Level'), value: levelText(env, d.level.level), rule: 'S-DF2' },
      { label: L('Row.Dice'), value: d.roll ? diceText(d.roll) : L('NoDefenceRoll'), rule: 'S-DF1' },
      {
        label: L('Row.Breakdown'),
        value: `${a.potential} − ${d.die} − ${d.defense} − ${d.halfMetier} = ${d.taken}`,
        rule: 'S-DF3',
        css: 'pda-total',
      },
    ];
    const parts = d.level.parts;
    const partNotes = (['posture', 'armour', 'shield', 'distance', 'feint', 'context'] as const)
      .filter((k) => parts[k] !== 0)
      .map((k) => `${L(`Part.${k}`)} ${signed(parts[k])}`);
    const defenceNotes: { text: string; rule?: string }[] = [];
    if (partNotes.length) defenceNotes.push({ text: partNotes.join(' · '), rule: 'S-DF2' });
    if (mayChooseLocation(a, d.taken)) defenceNotes.push({ text: L('ChooseLocation'), rule: 'S-AT7' });
    sections.push({
      title: L('Section.Defence', { name: target?.name ?? '' }),
      css: 'pda-souffle-defence',
      rows,
      notes: defenceNotes,
    });
  }

  if (s.test) {
    const r = s.test.result;
    sections.push({
      title: L(`Test.${s.test.kind}`),
      css: 'pda-souffle-test',
      rows: [
        { label: L('Row.Level'), value: levelText(env, r.level) },
        { label: L('Row.Dice'), value: diceText(r.roll) },
        { label: L('Row.Threshold'), value: String(r.threshold) },
      ],
      notes: [
        {
          text: r.success
            ? L('TestPassed')
            : L(s.test.kind === 'desarmer' ? 'Effect.desarme' : 'Effect.assomme', { rounds: s.test.rounds }),
          rule: s.test.kind === 'desarmer' ? 'S-MN2' : 'S-MN3',
        },
      ],
    });
  }

  if (s.applied) {
    const notes: { text: string; rule?: string }[] = [
      {
        text: L('Applied', { souffle: s.applied.toSouffle, pv: s.applied.toPv, name: target?.name ?? '' }),
        rule: 'S-DF3',
      },
    ];
    if (s.applied.luckSpent && s.applied.effect)
      notes.push({
        text: L(`LuckSpent.${s.applied.effect}`),
        rule: s.applied.effect === 'desarme' ? 'S-MN2' : 'S-MN3',
      });
    sections.push({ title: L('Section.Applied'), css: 'pda-souffle-applied', rows: [], notes });
  } else if (s.undone > 0) {
    sections.push({
      title: L('Section.Applied'),
      rows: [],
      notes: [{ text: env.t(text('PDA.Chat.Note.Undone')) }],
    });
  }

  return {
    title: L('Title', { name: s.attackerName, weapon: s.weaponName }),
    ...(target ? { subtitle: L('Against', { name: target.name }) } : {}),
    sections,
  };
}
