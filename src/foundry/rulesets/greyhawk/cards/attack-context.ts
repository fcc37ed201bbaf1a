import type { Modifier } from '../../../../engine/greyhawk/types';
import { refusalRule } from '../../../../engine/greyhawk/refusals';
import type { CardRow, CardSection, FlowEnv } from '../../../chat';
import {
  BAND_RULE,
  CONDITION_RULE,
  disarmRule,
  MANOEUVRE_RULE,
  type Outcome,
  type RangeView,
} from '../../../../engine/greyhawk/exchange';
import { type Card, K, text } from './attack-state';

// -------------------------------------------------------------------------------------- context

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

function modifierRows(env: FlowEnv, mods: readonly Modifier[]): CardRow[] {
  return mods.map((m) => ({
    label: env.t(text(m.label)),
    value: signed(m.value),
    ...(m.source !== 'base' ? { rule: m.source } : {}),
  }));
}

type Note = { text: string; rule?: string };

function outcomeSection(
  o: Outcome,
  env: FlowEnv,
  L: (k: string, d?: Record<string, string | number>) => string,
) {
  const rows: CardRow[] = [];
  const notes: Note[] = [];
  if (o.kind === 'disarm') {
    const r = o.result;
    const rule = disarmRule(r.effect);
    if (r.gripCheck)
      rows.push({
        label: L('Row.GripCheck'),
        value: `${r.gripCheck.roll} / ${r.gripCheck.target}`,
        rule: 'G-D1',
      });
    notes.push({ text: L(`Disarm.${r.effect}`), rule });
    if (r.landing) notes.push({ text: L('Disarm.Landing', { ...r.landing }), rule });
    if (r.caught !== undefined)
      notes.push({ text: L(r.caught ? 'Disarm.Caught' : 'Disarm.NotCaught'), rule: 'G-D5' });
    if (r.moraleCheck) notes.push({ text: L('Disarm.Morale'), rule: 'G-D5' });
    return { title: L('Section.Disarm'), css: 'pda-greyhawk-disarm', rows, notes };
  }
  if (o.kind === 'seizeObject' || o.kind === 'seizePerson') {
    const rule = o.kind === 'seizeObject' ? 'G-G1' : 'G-G2';
    const contest = o.result.contest;
    contest?.rolls.forEach((r, i) =>
      rows.push({
        label: L('Row.ContestRound', { n: i + 1 }),
        value: L('Row.ContestValue', {
          a: r.attackerRoll,
          am: signed(r.attackerMargin),
          d: r.defenderRoll,
          dm: signed(r.defenderMargin),
        }),
        rule: 'G-G1',
      }),
    );
    if (o.kind === 'seizePerson' && o.result.holderStr !== undefined)
      rows.push({ label: L('Row.HolderStr'), value: String(o.result.holderStr), rule: 'G-G2' });
    if (contest) {
      notes.push({ text: L(`Contest.${contest.winner}`), rule: 'G-G1' });
      if (contest.byPercent) notes.push({ text: L('Contest.ByPercent'), rule: 'G-G1' });
      if (contest.mayDrop) notes.push({ text: L('Contest.MayDrop'), rule: 'G-G1' });
    }
    if (o.kind === 'seizeObject') {
      if (o.result.itemSave)
        rows.push({
          label: L('Row.ItemSave'),
          value: `${o.result.itemSave.roll} / ${o.result.itemSave.target}`,
          rule: 'G-G1',
        });
      notes.push({ text: L(`Seize.${o.result.outcome}`), rule });
    } else if (contest) {
      notes.push({ text: L(o.result.hold ? 'Seize.held' : 'Seize.escaped'), rule });
    }
    return { title: L('Section.Contest'), css: 'pda-greyhawk-contest', rows, notes };
  }
  const r = o.result;
  if (r.stayUp) {
    rows.push(...modifierRows(env, r.stayUp.modifiers));
    rows.push({
      label: L('Row.StayUp'),
      value: `${r.stayUp.roll} / ${r.stayUp.target}`,
      rule: 'G-SH2',
      css: 'pda-row--total',
    });
    notes.push({ text: L(r.stayUp.standing ? 'Rush.Standing' : 'Rush.Falls'), rule: 'G-SH2' });
  }
  if (r.rusherCheck) {
    rows.push({
      label: L('Row.RusherCheck'),
      value: L('Row.RusherCheckValue', { roll: r.rusherCheck.roll, dex: r.rusherCheck.dex }),
      rule: 'G-SH2',
    });
    notes.push({ text: L(r.rusherCheck.standing ? 'Rush.RusherStands' : 'Rush.RusherFalls'), rule: 'G-SH2' });
  }
  notes.push({ text: L(`Rush.Shield.${r.shieldAc}`), rule: 'G-SH2' });
  return { title: L('Section.StayUp'), css: 'pda-greyhawk-rush', rows, notes };
}

/** The missile's distance and band, and whether the scene measured it or the dialog gave it. */
function rangeRow(range: RangeView, L: (k: string, d?: Record<string, string | number>) => string): CardRow {
  const distance = Number.isInteger(range.distance) ? String(range.distance) : range.distance.toFixed(1);
  const rule = BAND_RULE[range.band];
  return {
    label: L('Row.Range'),
    value: L(`Range.${range.from}`, { distance, band: L(`Band.${range.band}`) }),
    ...(rule ? { rule } : {}),
  };
}

/** The card's sections, already localized (the template escapes them). */
export function greyhawkAttackContext(card: Card, env: FlowEnv) {
  const s = card.state;
  const L = (key: string, data?: Record<string, string | number>) => env.t(text(`${K}.${key}`, data));
  const target = card.targets[0];
  const c = s.choices;
  const manoeuvreNotes: Note[] = [];
  // G-SH1 an off-hand punch: the shield's AC is lost to the round's end (specialist: next attack).
  if (s.first?.shieldAc) manoeuvreNotes.push({ text: L(`PunchShield.${s.first.shieldAc}`), rule: 'G-SH1' });
  if (c.manoeuvre !== 'normal')
    manoeuvreNotes.push({ text: L(`Manoeuvre.${c.manoeuvre}`), rule: MANOEUVRE_RULE[c.manoeuvre] });
  // G-ST1/G-ST3/G-ST4: this card is one hand's blow; the other hand's is an attack of its own.
  const second = c.style?.secondHand;
  if (second)
    manoeuvreNotes.push({
      text: L(`OtherHand.${second}`, { hand: L(`OtherHand.${c.style?.hand === 'off' ? 'main' : 'off'}`) }),
      rule: second === 'twoWeapons' ? 'G-ST4' : second === 'shield' ? 'G-ST3' : 'G-ST1',
    });
  if (c.calledShot)
    manoeuvreNotes.push({
      text: c.purpose
        ? `${L(`Called.${c.calledShot}`)} : ${L(`Purpose.${c.purpose}`)}`
        : L(`Called.${c.calledShot}`),
      rule: 'G-C1',
    });
  const sections: CardSection[] = [];
  // A refused manoeuvre no longer posts a card (a notification, start.ts); a card a world kept
  // from before still reads as it did.
  if (s.refusal) {
    sections.push({
      title: L('Section.Refused'),
      css: 'pda-greyhawk-refused',
      rows: [],
      notes: [
        ...manoeuvreNotes,
        {
          text: env.t(s.refusal),
          ...(refusalRule(s.refusal.key, MANOEUVRE_RULE[c.manoeuvre])
            ? { rule: refusalRule(s.refusal.key, MANOEUVRE_RULE[c.manoeuvre]) }
            : {}),
        },
      ],
    });
  }
  const first = s.first;
  if (first) {
    const a = first.attack;
    const rows: CardRow[] = [
      { label: L('Row.D20'), value: a.natural === null ? '—' : String(a.natural) },
      ...modifierRows(env, a.modifiers),
      { label: L('Row.Total'), value: a.total === null ? '—' : String(a.total), css: 'pda-row--total' },
      {
        label: L('Row.Needed'),
        value: L('Row.NeededValue', { thac0: a.thac0, ac: a.thac0 - a.needed, needed: a.needed }),
      },
    ];
    const range = first.range;
    if (range) rows.unshift(rangeRow(range, L));
    const notes: Note[] = [...manoeuvreNotes];
    if (a.automatic)
      notes.push({
        text: L(`Automatic.${a.automatic}`),
        ...(a.automatic === 'helpless' ? { rule: 'G-P1' } : {}),
      });
    // DMG optional critical hits; G-M2 a high or grand master's doubled chance (19–20).
    const crit = a.critical;
    const critRule = crit && crit.threshold < 20 ? { rule: 'G-M2' } : {};
    const critRange = crit ? (crit.threshold < 20 ? `${crit.threshold}–20` : '20') : '';
    if (crit?.hit)
      notes.push({ text: L('Critical', { natural: a.natural ?? '', range: critRange }), ...critRule });
    else if (crit && crit.threshold < 20)
      notes.push({ text: L('CriticalRange', { range: critRange }), ...critRule });
    const called = first.called;
    if (called) {
      notes.push({ text: L(`CalledDone.${called.purpose}`, { letter: called.letter ?? '' }), rule: 'G-C1' });
      if (called.reaction) notes.push({ text: L(`Reaction.${called.reaction}`), rule: 'G-C1' });
      if (called.pinnedRounds)
        notes.push({ text: L('CalledDone.PinLimit', { rounds: called.pinnedRounds }), rule: 'G-C1' });
    }
    sections.push({
      title: L('Section.Attack'),
      css: `pda-greyhawk-attack pda-greyhawk-${a.outcome}`,
      // The result badge every card shows (templates/chat/parts/check.hbs): total / score to reach.
      check: {
        roll: a.total === null ? '—' : String(a.total),
        target: String(a.needed),
        level: a.outcome === 'hit' ? (crit?.hit ? 'critique' : 'reussite') : 'echec',
        levelLabel: L(a.outcome === 'hit' ? 'Hit' : 'Miss'),
      },
      rows,
      notes,
    });
    if (first.damage) {
      const d = first.damage;
      sections.push({
        title: L('Section.Damage'),
        css: 'pda-greyhawk-damage',
        rows: [
          { label: L('Row.Dice'), value: `${d.formula} : ${d.dice.join(', ')}` },
          ...modifierRows(env, d.modifiers),
          { label: L('Row.Damage'), value: String(d.total), css: 'pda-row--total' },
        ],
        notes: [],
      });
    }
    if (first.pending && card.step === 'attack')
      sections.push({
        title: L(`FollowUp.${c.manoeuvre}`),
        rows: [],
        notes: [{ text: L('Pending', { name: target?.name ?? '' }), rule: MANOEUVRE_RULE[c.manoeuvre] }],
      });
  }
  if (s.outcome) sections.push(outcomeSection(s.outcome, env, L));
  if (s.applied) {
    const appliedNotes: Note[] = [];
    // G-PA1: the blow was parried (the parry card's marker): no damage, nothing written.
    if (s.applied.parriedBy)
      appliedNotes.push({
        text: env.t(text('PDA.Greyhawk.Parry.Stopped', { name: s.applied.parriedBy })),
        rule: 'G-PA1',
      });
    if (s.applied.damage > 0)
      appliedNotes.push({
        text: L('Applied', {
          name: target?.name ?? '',
          damage: s.applied.damage,
          before: s.applied.before,
          after: s.applied.after,
        }),
      });
    // 0 hit points or below: out of the fight, unconscious or dead (docs/rulings.md).
    if (s.applied.fallen)
      appliedNotes.push({ text: L(`Fallen.${s.applied.fallen}`, { name: target?.name ?? '' }) });
    const written = Object.entries(s.applied.conditions ?? {}).filter(
      ([k, v]) => k !== 'heldRounds' && k !== 'heldBy' && v,
    );
    if (s.applied.attackerProne)
      appliedNotes.push({ text: L('Condition.rusherProne', { name: s.attackerName }), rule: 'G-SH2' });
    for (const [key] of written)
      appliedNotes.push({
        text: L(`Condition.${key}`, { name: target?.name ?? '' }),
        rule: CONDITION_RULE[key] ?? 'G-C1',
      });
    sections.push({
      title: L('Section.Applied'),
      css: 'pda-greyhawk-applied',
      rows: [],
      notes: appliedNotes,
    });
  } else if (s.undone > 0) {
    sections.push({
      title: L('Section.Applied'),
      rows: [],
      notes: [{ text: env.t(text('PDA.Chat.Note.Undone')) }],
    });
  }
  return {
    // The one header of the three rulesets' attack cards (templates/chat/parts/header.hbs).
    title: env.t(text('PDA.Chat.Title.Attack', { attacker: s.attackerName, weapon: s.weaponName })),
    ...(target ? { subtitle: env.t(text('PDA.Chat.Subtitle.Target', { name: target.name })) } : {}),
    sections,
  };
}
