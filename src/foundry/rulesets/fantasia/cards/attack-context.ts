import { findBotte } from '../../../../engine/fantasia/bottes';
import type { CardSection, FlowEnv, Text } from '../../../chat';
import { modifierRows, percentCheck, resistanceCheck, rules } from './view';
import { STEP } from '../../../../engine/fantasia/exchange';
import { type Card, target } from './attack-state';
import {
  damageSection,
  fumbleSection,
  holdSection,
  lutteRoundSection,
  reloadRows,
  whipSection,
} from './card-sections';

// ------------------------------------------------------------------------------------ context

export function attackContext(card: Card, env: FlowEnv) {
  const s = card.state;
  const attack = s.attack;
  const t = target(card);
  const sections: CardSection[] = [];
  const notes: { text: string; rule?: string }[] = [];
  if (s.intent.thrustId) {
    const name = attack.thrust
      ? env.t({ key: attack.thrust.thrust.name })
      : safeBotteName(s.intent.thrustId, env);
    notes.push({ text: env.t({ key: 'PDA.Chat.Note.Thrust', data: { name } }), rule: 'F-B2' });
  }
  const stated = Object.entries(s.intent.situation ?? {}).filter(([, on]) => on);
  if (stated.length)
    notes.push({
      text: env.t({
        key: 'PDA.Chat.Note.Situation',
        data: { list: stated.map(([q]) => env.t({ key: `PDA.Chat.Dialog.Situation.${q}` })).join(', ') },
      }),
      rule: 'F-B7',
    });
  if (s.thrustUnplaced) notes.push({ text: env.t({ key: 'PDA.Chat.Note.ThrustUnplaced' }), rule: 'F-B7' });
  if (attack.thrust && attack.critical)
    notes.push({ text: env.t({ key: 'PDA.Chat.Note.CriticalThrust' }), rule: 'F-B4' });
  if (s.intent.knockOut) notes.push({ text: env.t({ key: 'PDA.Chat.Note.KnockOut' }), rule: 'F-U4' });
  if (s.intent.lutte && attack.weapon.skill === 'lutte')
    notes.push({
      text: env.t({
        key: 'PDA.Chat.Note.LutteIntent',
        data: { hold: env.t({ key: `PDA.Chat.Lutte.${s.intent.lutte}` }) },
      }),
      rule: 'F-U3',
    });
  sections.push({
    title: env.t({ key: 'PDA.Chat.Section.Attack' }),
    css: 'pda-card__attack',
    check: percentCheck(attack.roll, env),
    rows: modifierRows(
      env.t({
        key: 'PDA.Chat.Row.Skill',
        data: { skill: env.t({ key: `PDA.Chat.Skill.${attack.weapon.skill}` }) },
      }),
      attack.roll,
      env,
      'F-H1',
    ),
    notes,
  });

  if (s.failedDodge?.roll) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Defence' }),
      check: percentCheck(s.failedDodge.roll, env),
      rows: modifierRows(env.t({ key: 'PDA.Chat.Row.Dodge' }), s.failedDodge.roll, env, 'F-D1'),
      notes: [
        {
          text: env.t({ key: 'PDA.Chat.Note.DodgeFailed', data: { name: t?.name ?? '' } }),
          rule: 'F-D1',
        },
      ],
    });
  }
  if (card.step === STEP.defence) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Defence' }),
      rows: [],
      notes: [{ text: env.t({ key: 'PDA.Chat.Note.DefenderChooses', data: { name: t?.name ?? '' } }) }],
    });
  }
  if (s.defence && s.defence.kind !== 'none') {
    const d = s.defence;
    const key = d.kind === 'parry' ? 'PDA.Chat.Row.Parry' : 'PDA.Chat.Row.Dodge';
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Defence' }),
      ...(d.roll ? { check: percentCheck(d.roll, env) } : {}),
      rows: d.roll
        ? modifierRows(
            env.t({ key, data: { name: env.t({ key: d.withName }) } }),
            d.roll,
            env,
            d.kind === 'parry' ? 'F-D2' : 'F-D1',
          )
        : [],
      notes: d.roll ? [] : [{ text: env.t({ key: 'PDA.Chat.Note.ParryFails' }), rule: 'F-B7' }],
    });
  } else if (s.defence) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Defence' }),
      rows: [],
      notes: [
        {
          text: env.t({
            key:
              attack.thrust && attack.critical ? 'PDA.Chat.Note.NoDefenceAllowed' : 'PDA.Chat.Note.NoDefence',
          }),
          rule: attack.thrust && attack.critical ? 'F-B4' : 'F-H1',
        },
      ],
    });
  }
  if (s.damage) sections.push(damageSection(s.damage, s, env));
  if (s.whip) sections.push(whipSection(s.whip, env));
  if (s.hold) sections.push(holdSection(s.hold, s, env));
  for (const r of s.lutteRounds ?? []) sections.push(lutteRoundSection(r, env));
  for (const e of s.escapes) {
    sections.push({
      title: env.t({ key: e.kind === 'pull' ? 'PDA.Chat.Action.WhipPull' : 'PDA.Chat.Action.WhipSlip' }),
      check: resistanceCheck(e.roll, env),
      rows: [],
      notes: [],
    });
  }
  if (s.fumble) sections.push(fumbleSection(s, env));
  if (s.mishap) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Mishap' }),
      check: percentCheck(s.mishap.chance, env),
      rows: [
        ...(s.mishap.incident
          ? [
              {
                label: env.t({ key: 'PDA.Chat.Row.Incident' }),
                value: env.t({ key: `PDA.Chat.Incident.${s.mishap.incident}` }),
                rule: 'F-W6',
              },
            ]
          : []),
        ...reloadRows(s.mishap.reloadRounds, env),
      ],
      notes: s.mishap.burstDamage
        ? [
            {
              text: env.t({ key: 'PDA.Chat.Note.Burst', data: { damage: s.mishap.burstDamage } }),
              rule: 'F-W6',
            },
          ]
        : [],
    });
  }
  if (card.step === STEP.fumble) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Fumble' }),
      rows: [],
      notes: [{ text: env.t({ key: 'PDA.Chat.Note.GMPicks' }), rule: rules(['F-H6', 'F-H7', 'F-H8']) }],
    });
  }
  if (card.step === STEP.done && !attack.hit && !s.fumble && !s.mishap) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Result' }),
      rows: [],
      notes: [{ text: env.t({ key: 'PDA.Chat.Note.Missed' }), rule: 'F-H1' }],
    });
  }
  if (card.step === STEP.done && s.defence?.success) {
    sections.push({
      title: env.t({ key: 'PDA.Chat.Section.Result' }),
      rows: [],
      notes: [
        {
          text: env.t({ key: s.defence.kind === 'parry' ? 'PDA.Chat.Note.Parried' : 'PDA.Chat.Note.Dodged' }),
          rule: s.defence.kind === 'parry' ? 'F-D2' : 'F-D1',
        },
      ],
    });
  }
  return {
    title: env.t({
      key: 'PDA.Chat.Title.Attack',
      data: { attacker: s.attackerName, weapon: env.t({ key: attack.weapon.name }) },
    }),
    subtitle: t ? env.t({ key: 'PDA.Chat.Subtitle.Target', data: { name: t.name } }) : '',
    sections,
  };
}

/** A label whose `name` may itself be a key (catalogue weapons): localize it first. */
export function localizedName(text: Text, env: FlowEnv): Text {
  const name = text.data?.name;
  return typeof name === 'string' ? { ...text, data: { ...text.data, name: env.t({ key: name }) } } : text;
}

function safeBotteName(id: string, env: FlowEnv): string {
  try {
    return env.t({ key: findBotte(id).name });
  } catch {
    return id;
  }
}
