import { mayChooseLocation } from '../../../../engine/souffle/attack';
import { ladderRow } from '../../../../engine/souffle/ladder';
import type { CardRow, CardSection, FlowEnv, CardSnapshot } from '../../../chat';
import { diceText, signed, souffleOptionsNow, text } from './fighters';
import { AIM_RULE, type SouffleAttackState } from '../../../../engine/souffle/exchange';

type Card = CardSnapshot<SouffleAttackState>;
const K = 'PDA.Souffle.Chat';

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

/**
 * The card's sections, already localized. `idle`: the blow was defended and applying it would
 * change nothing (the engine offers no Appliquer, S-DF3), so the card says why. `forcing`: the
 * attacker may still force (S-AT2), so the defence waits and the card says whose turn it is.
 */
export function souffleAttackContext(card: Card, env: FlowEnv, idle = false, forcing = false) {
  const s = card.state;
  const L = (key: string, data?: Record<string, string | number>) => env.t(text(`${K}.${key}`, data));
  const target = card.targets[0];
  const a = s.attack;
  const attackRows: CardRow[] = [
    { label: L('Row.Level'), value: levelText(env, a.level), rule: a.kind === 'melee' ? 'S-AT1' : 'S-AT4' },
    { label: L('Row.Dice'), value: diceText(a.roll, env.t), rule: 'S-A1' },
    {
      label: env.t(text(`PDA.Souffle.Characteristic.${s.input.characteristic.id}`)),
      value: String(s.input.characteristic.value),
    },
    { label: L('Row.Metier'), value: String(s.input.metier) },
    { label: L('Row.WeaponDamage'), value: `+${a.weaponDamage}`, rule: 'S-A3' },
  ];
  // S-AT5: the distance measured between the tokens when the shot was taken.
  if (s.distance !== undefined)
    attackRows.push({ label: L('Row.Distance'), value: L('Metres', { m: s.distance }), rule: 'S-AT5' });
  // S-A4: outnumbering read from the tokens around the target.
  if (s.outnumber)
    attackRows.push({
      label: L('Row.Outnumber'),
      value: `${s.outnumber.us} / ${s.outnumber.them} ${signed(s.outnumber.levels)}`,
      rule: 'S-A4',
    });
  if (a.statsDamage) attackRows.push({ label: L('Row.StatsDamage'), value: `+${a.statsDamage}` });
  if (a.forced) attackRows.push({ label: L('Row.Forced'), value: `+${a.forced}`, rule: 'S-AT2' });
  attackRows.push({ label: L('Row.Potential'), value: String(a.potential), css: 'pda-row--total' });
  const notes: { text: string; rule?: string }[] = [];
  if (s.opportunity) notes.push({ text: L('Opportunity.Blow'), rule: 'S-AT6' });
  if (s.holdBlow) notes.push({ text: L('HoldBlow'), rule: 'S-GR1' });
  if (a.aim) notes.push({ text: L(`Aim.${a.aim}`), rule: AIM_RULE[a.aim] });
  if (a.kind === 'melee' && card.step === 'attack' && a.maxForce > 0)
    notes.push({ text: L('ForceRoom', { n: a.maxForce }), rule: 'S-AT2' });
  // S-AT2 (issue 46): whose choice comes next while the attacker may still force.
  if (forcing && card.step === 'attack')
    notes.push({
      text: L('NextForce', { attacker: s.attackerName, defender: target?.name ?? '' }),
      rule: 'S-AT2',
    });
  const sections: CardSection[] = [
    {
      title: L('Section.Attack'),
      css: 'pda-souffle-attack',
      // The badge every card shows (templates/chat/parts/check.hbs): here the damage the blow carries.
      check: { roll: String(a.potential), target: '', level: 'attente', levelLabel: L('Badge.Potential') },
      rows: attackRows,
      notes,
    },
  ];

  if (s.defence) {
    const d = s.defence.result;
    const rows: CardRow[] = [
      {
        label: L('Row.DefenceMode'),
        value: L(
          s.defence.mode === 'parade' ? 'Parry' : s.defence.mode === 'aucune' ? 'NoDefenceMode' : 'Dodge',
        ),
        rule: 'S-DF1',
      },
      { label: L('Row.Level'), value: levelText(env, d.level.level), rule: 'S-DF2' },
      { label: L('Row.Dice'), value: d.roll ? diceText(d.roll, env.t) : L('NoDefenceRoll'), rule: 'S-DF1' },
      {
        label: L('Row.Breakdown'),
        value: `${a.potential} − ${d.die} − ${d.defense} − ${d.halfMetier} = ${d.taken}`,
        rule: 'S-DF3',
        css: 'pda-row--total',
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
      check: {
        roll: String(d.taken),
        target: '',
        level: d.taken > 0 ? 'echec' : 'reussite',
        levelLabel: L(d.taken > 0 ? 'Badge.Hit' : 'Badge.Stopped'),
      },
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
        { label: L('Row.Dice'), value: diceText(r.roll, env.t) },
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

  if (idle && s.defence && !s.applied) {
    const name = target?.name ?? '';
    const notes = [{ text: L('NothingToApply', { name }), rule: 'S-DF3' }];
    // S-DF3: a blow on a fighter already down landed, but takes nothing more: say so.
    if (s.defence.result.taken > 0)
      notes.push(
        { text: L('AlreadyDown', { name, damage: s.defence.result.taken }), rule: 'S-DF3' },
        { text: L('Down', { name }), rule: 'S-DF3' },
      );
    sections.push({ title: L('Section.Applied'), css: 'pda-souffle-applied', rows: [], notes });
  }

  if (s.applied) {
    const notes: { text: string; rule?: string }[] = [
      {
        text: L('Applied', { souffle: s.applied.toSouffle, pv: s.applied.toPv, name: target?.name ?? '' }),
        rule: 'S-DF3',
      },
    ];
    // S-DF3: a blow on a fighter already down landed, but took nothing more: say so.
    if (s.applied.alreadyDown && (s.applied.taken ?? 0) > 0)
      notes.push({
        text: L('AlreadyDown', { name: target?.name ?? '', damage: s.applied.taken ?? 0 }),
        rule: 'S-DF3',
      });
    // S-DF3 (ruling): at 0 PV the card says the defender is down; what follows is the GM's call.
    const down =
      s.applied.down ??
      s.applied.written.some((e) => e.type === 'resource' && e.resource === 'pv' && e.to <= 0);
    if (down) notes.push({ text: L('Down', { name: target?.name ?? '' }), rule: 'S-DF3' });
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
    // The one header of the three rulesets' attack cards (templates/chat/parts/header.hbs).
    title: env.t(text('PDA.Chat.Title.Attack', { attacker: s.attackerName, weapon: s.weaponName })),
    ...(target ? { subtitle: env.t(text('PDA.Chat.Subtitle.Target', { name: target.name })) } : {}),
    sections,
  };
}
