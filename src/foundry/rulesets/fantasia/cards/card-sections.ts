import { fightCondition, type FightCondition } from '../../../../engine/fantasia/fallen';
import type { CombatantDiff } from '../../../../engine/fantasia/damage';
import type { FantasiaCombatant } from '../../../../engine/fantasia/types';
import { fantasiaOptionsFromSettings } from '../settings';
import { type DamageResult } from '../../../../engine/fantasia/damage';
import type { CardRow, CardSection, FlowEnv } from '../../../chat';
import { percentCheck, resistanceCheck, signed } from './view';
import {
  type FantasiaAttackState,
  type HoldOutcome,
  type LutteRound,
  type WhipOutcome,
} from '../../../../engine/fantasia/exchange';

export function damageSection(damage: DamageResult, s: FantasiaAttackState, env: FlowEnv): CardSection {
  const rows: CardRow[] = damage.parts.map((p) => ({
    label: env.t({ key: p.key }),
    value: `${p.formula} [${p.dice.join(', ')}] = ${p.total}`,
    rule: p.rule,
  }));
  if (damage.knockOut) {
    rows.push({
      label: env.t({ key: 'PDA.Chat.Row.KnockOut' }),
      value: `${damage.knockOut.label} → ${damage.knockOut.roll ?? '—'}`,
      rule: 'F-U4',
    });
  }
  rows.push({ label: env.t({ key: 'PDA.Chat.Row.Armour' }), value: signed(-damage.armour), rule: 'F-H3' });
  rows.push({
    label: env.t({ key: 'PDA.Chat.Row.Total' }),
    value: String(damage.total),
    css: 'pda-row--total',
  });
  const notes: { text: string; rule?: string }[] = [];
  if (damage.knockOut?.success)
    notes.push({
      text: env.t({
        key: 'PDA.Chat.Note.KnockedOut',
        data: { hours: damage.states.unconscious?.hours ?? 0 },
      }),
      rule: 'F-U4',
    });
  for (const o of damage.offers)
    notes.push({ text: env.t({ key: o.key, ...(o.data ? { data: o.data } : {}) }), rule: o.rule });
  for (const o of s.offersTaken ?? []) {
    const success = o.roll ? o.roll.success : true;
    notes.push({
      text: env.t({
        key: `PDA.Chat.Note.Offer.${o.id}.${success ? 'yes' : 'no'}`,
        data: { roll: o.roll?.roll ?? '', target: o.roll?.target ?? '', damage: o.damage },
      }),
      rule: 'F-B7',
    });
  }
  if (s.applied) {
    notes.push({
      text: env.t({
        key: 'PDA.Chat.Note.Applied',
        data: { before: s.applied.before.pv.value, after: s.applied.after.pv.value },
      }),
    });
    // F-H1 ruling "0 PV" (issue 46): the card says the fighter is dead or out of the fight.
    const fallen = fallenAfter(s.applied, env);
    if (fallen !== 'fighting')
      notes.push({ text: env.t({ key: `PDA.Chat.Note.Fallen.${fallen}` }), rule: 'F-H1' });
  } else if (s.undone > 0) {
    notes.push({ text: env.t({ key: 'PDA.Chat.Note.Undone' }) });
  }
  return { title: env.t({ key: 'PDA.Chat.Section.Damage' }), css: 'pda-card__damage', rows, notes };
}

/** The struck fighter's condition after the cut applied, by the world's 0 PV rule (F-H1). */
function fallenAfter(applied: CombatantDiff, env: FlowEnv): FightCondition {
  const rule = fantasiaOptionsFromSettings().zeroPv;
  let con = Number.POSITIVE_INFINITY;
  try {
    const actor = env.resolve(applied.combatantId) as { engineView?<T>(): T } | null;
    const view = actor?.engineView?.<FantasiaCombatant>();
    if (view) con = view.characteristics.CON;
  } catch {
    // Not an actor this client reads: "down" then says out of the fight.
  }
  return fightCondition(
    { pv: applied.after.pv, characteristics: { CON: con } as FantasiaCombatant['characteristics'] },
    rule,
  );
}

/** F-W6: the doubled reload countdown after too much powder. */
export function reloadRows(rounds: number | undefined, env: FlowEnv): CardRow[] {
  if (rounds === undefined) return [];
  return [
    {
      label: env.t({ key: 'PDA.Chat.Row.ReloadRounds' }),
      value: env.t({ key: 'PDA.Chat.ReloadDoubled', data: { rounds } }),
      rule: 'F-W6',
    },
  ];
}

export function holdSection(hold: HoldOutcome, s: FantasiaAttackState, env: FlowEnv): CardSection {
  const result = hold.success ? 'yes' : 'no';
  return {
    title: env.t({ key: 'PDA.Chat.Section.Lutte' }),
    ...(hold.roll ? { check: resistanceCheck(hold.roll, env) } : {}),
    rows: [],
    notes: [
      { text: env.t({ key: `PDA.Chat.Hold.${hold.kind}.${result}` }), rule: 'F-U3' },
      ...(hold.success && hold.kind === 'strangle'
        ? [
            {
              text: env.t({
                key: 'PDA.Chat.Note.StrangleEachRound',
                data: { damage: s.attack.weapon.damage },
              }),
              rule: 'F-U3',
            },
          ]
        : []),
    ],
  };
}

export function lutteRoundSection(r: LutteRound, env: FlowEnv): CardSection {
  if (r.kind === 'escape') {
    return {
      title: env.t({ key: 'PDA.Chat.Action.LutteEscape' }),
      ...(r.roll ? { check: resistanceCheck(r.roll, env) } : {}),
      rows: [],
      notes: [
        {
          text: env.t({ key: r.roll?.success ? 'PDA.Chat.Note.BrokeFree' : 'PDA.Chat.Note.StillHeld' }),
          rule: 'F-U3',
        },
      ],
    };
  }
  return {
    title: env.t({ key: 'PDA.Chat.Action.LutteStrangle' }),
    rows: [{ label: env.t({ key: 'PDA.Chat.Row.Asphyxia' }), value: String(r.damage), rule: 'F-U3' }],
    notes: [],
  };
}

export function whipSection(w: WhipOutcome, env: FlowEnv): CardSection {
  const check = w.resistance
    ? resistanceCheck(w.resistance, env)
    : w.percent
      ? percentCheck(w.percent, env)
      : undefined;
  return {
    title: env.t({ key: 'PDA.Chat.Section.Whip' }),
    ...(check ? { check } : {}),
    rows: [],
    notes: [{ text: env.t({ key: `PDA.Chat.Whip.${w.effect}.${w.success ? 'yes' : 'no'}` }), rule: 'F-W2' }],
  };
}

export function fumbleSection(s: FantasiaAttackState, env: FlowEnv): CardSection {
  const f = s.fumble;
  if (!f) return { title: '', rows: [], notes: [] };
  const rows: CardRow[] = [
    {
      label: env.t({ key: 'PDA.Chat.Row.FumbleChoice' }),
      value: env.t({ key: `PDA.Fantasia.Fumble.${f.option}` }),
    },
  ];
  if (f.incident)
    rows.push({
      label: env.t({ key: 'PDA.Chat.Row.Incident' }),
      value: env.t({ key: `PDA.Chat.Incident.${f.incident}` }),
      rule: 'F-W6',
    });
  rows.push(...reloadRows(f.reloadRounds, env));
  const notes: { text: string; rule?: string }[] = [];
  if (f.friendName)
    notes.push({ text: env.t({ key: 'PDA.Chat.Note.FriendHit', data: { name: f.friendName } }) });
  if (f.burstDamage)
    notes.push({
      text: env.t({ key: 'PDA.Chat.Note.Burst', data: { damage: f.burstDamage } }),
      rule: 'F-W6',
    });
  return {
    title: env.t({ key: 'PDA.Chat.Section.Fumble' }),
    ...(f.roll ? { check: percentCheck(f.roll, env) } : {}),
    rows,
    notes,
  };
}
