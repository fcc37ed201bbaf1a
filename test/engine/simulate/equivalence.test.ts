import { describe, expect, it } from 'vitest';
import { takeAction, type ExchangeAction } from '../../../src/engine/core/exchange';
import { ScriptedDice } from '../../../src/engine/dice/scripted';
import {
  applyFighterEffects,
  DEFAULT_FANTASIA_OPTIONS,
  fantasiaAttackMachine,
  fumbleOptions,
  openAttack,
  validateCombatant,
  type FantasiaAttackState,
  type FantasiaAttackView,
  type FantasiaCombatant,
  type FantasiaEffect,
  type FantasiaRoundFacts,
} from '../../../src/engine/fantasia';
import {
  DEFAULT_CHOICES,
  greyhawkAttackMachine,
  openGreyhawkAttack,
  type GreyhawkExchangeView,
} from '../../../src/engine/greyhawk/exchange';
import { DEFAULT_GREYHAWK_OPTIONS } from '../../../src/engine/greyhawk/options';
import { FantasiaFight } from '../../../src/engine/simulate/fantasia';
import { GreyhawkFight } from '../../../src/engine/simulate/greyhawk';
import { SouffleFight } from '../../../src/engine/simulate/souffle';
import { fantasiaCombatant, greyhawkEntry, souffleEntry } from '../../../src/engine/simulate/sources';
import type {
  FantasiaEncounter,
  GreyhawkEncounter,
  SouffleEncounter,
} from '../../../src/engine/simulate/types';
import { DEFAULT_OPTIONS as SOUFFLE_OPTIONS } from '../../../src/engine/souffle/options';
import type { Posture } from '../../../src/engine/souffle/posture';
import { WEAPONS } from '../../../src/engine/souffle/equipment';
import {
  applyFighterEffects as applySouffleEffects,
  openSouffleAttack,
  sheetAttackInput,
  forcingOpen,
  souffleAttackExchange,
  type SouffleAttackState,
  type SouffleExchangeView,
} from '../../../src/engine/souffle/exchange';
import { exampleActor, exampleEncounter, packDoc } from './fixtures';
import { record, standingSide, type RecordedFight } from './replay';

// The per-blow checks run thousands of times a test: each compares cheaply and calls `expect`
// (with its message) only when it would fail, so a failure reads exactly as before.
/** `expect(actual).toEqual(expected)` for a flat record of primitives. */
function sameBlow(actual: Record<string, unknown>, expected: Record<string, unknown>): void {
  const keys = Object.keys(expected);
  if (keys.length === Object.keys(actual).length && keys.every((k) => Object.is(actual[k], expected[k])))
    return;
  expect(actual).toEqual(expected);
}
/** `expect(value, message).toBe(true)`. */
function always(value: boolean, message: () => string): void {
  if (value !== true) expect(value, message()).toBe(true);
}
/** `expect(value, message).toBe(false)`. */
function never(value: boolean, message: () => string): void {
  if (value !== false) expect(value, message()).toBe(false);
}
/** `expect(remaining, message).toBe(0)`: every scripted die was used. */
function noDiceLeft(remaining: number, message: () => string): void {
  if (remaining !== 0) expect(remaining, message()).toBe(0);
}

/*
 * The simulator's fights against the same fights played through the cards' exchange machines
 * (issue 26): every attack the simulator plays is recorded with the dice it used, then taken
 * again step by step as the card host takes it (open, list the actions, takeAction, write the
 * effects on the fighters), with the same dice and the same choices. Each attack's hit, defence
 * and damage, the PV after it, and the winner must be the same.
 */

// ------------------------------------------------------------------------------------ Fantasia

const NO_INTENT = { cover: 0, thrustId: '', knockOut: false, whip: '' } as const;

/** The percent a defence action is offered at (its label carries it). */
function percentOf(a: ExchangeAction): number {
  return Number(a.label.data?.percent ?? -Infinity);
}

/** Fighters as the documents stand: weapons drawn (the encounter's default), ids by place. */
function fantasiaFighters(encounter: FantasiaEncounter): FantasiaCombatant[] {
  return encounter.sides.flatMap((side, s) =>
    side.fighters.map((entry, k) => {
      const c = validateCombatant({ ...entry.combatant, id: `${s}.${k}` });
      return { ...c, weapons: (c.weapons ?? []).map((w) => ({ ...w, ready: true, loaded: true })) };
    }),
  );
}

function fantasiaDown(c: FantasiaCombatant): boolean {
  return c.pv.value <= 0 || c.states.unconscious !== undefined || c.states.dead === true;
}

/** Replays one recorded Fantasia fight through fantasiaAttackMachine; returns the winner. */
function replayFantasia(encounter: FantasiaEncounter, fight: RecordedFight, sideOf: readonly number[]) {
  const fighters = fantasiaFighters(encounter);
  const options = encounter.options ?? DEFAULT_FANTASIA_OPTIONS;
  let round = 0;
  let parried = new Set<number>();
  /** Timed conditions (F-H6, F-B7): when each runs out, as the round's upkeep counts it. */
  const timed: { fighter: number; status: string; until: number }[] = [];
  const write = (i: number, ref: 'attacker' | 'defender', effects: readonly FantasiaEffect[]) => {
    fighters[i] = applyFighterEffects(fighters[i]!, ref, effects);
    for (const e of effects)
      if (e.type === 'condition' && e.fighter === ref && e.on && e.rounds !== undefined)
        timed.push({ fighter: i, status: e.status, until: round + e.rounds });
    for (const e of effects) if (e.type === 'parrySpent' && e.fighter === ref) parried.add(i);
  };
  /** Those who left the fight: a retreat tactic, as the simulator reads it when a round starts. */
  const entries = encounter.sides.flatMap((side) => side.fighters);
  const fled = new Set<number>();
  for (const { blow, dice } of fight.blows) {
    if (blow.round !== round) {
      round = blow.round;
      parried = new Set();
      entries.forEach((entry, i) => {
        const limit = entry.tactics?.retreatBelow ?? 0;
        const c = fighters[i]!;
        if (limit > 0 && !fantasiaDown(c) && c.pv.value <= limit * c.pv.max) fled.add(i);
      });
      for (let k = timed.length - 1; k >= 0; k--) {
        const t = timed[k]!;
        if (round < t.until) continue;
        const states = { ...fighters[t.fighter]!.states } as Record<string, unknown>;
        delete states[t.status];
        fighters[t.fighter] = { ...fighters[t.fighter]!, states };
        timed.splice(k, 1);
      }
    }
    const a = blow.attacker;
    const d = blow.defender;
    never(fled.has(a) || fled.has(d), () => `round ${round}: a blow by or on someone gone`);
    never(fantasiaDown(fighters[a]!), () => `round ${round}: ${fighters[a]!.name} attacks while down`);
    never(fantasiaDown(fighters[d]!), () => `round ${round}: ${fighters[d]!.name} attacked while down`);
    // The weapon as the round's readiness holds it when the slot strikes: the simulator strikes
    // only in hand and loaded, its readiness carried over by fantasiaCarryOver (a crossbow
    // reloaded in passes 2 and 3, F-W5; the steps test below plays it through the engine's).
    const attacker = fighters[a]!;
    fighters[a] = {
      ...attacker,
      weapons: attacker.weapons?.map((w) =>
        w.id === blow.weaponId ? { ...w, ready: true, loaded: true } : w,
      ),
    };
    const scripted = new ScriptedDice(dice);
    const facts: FantasiaRoundFacts = {
      dodgeDeclared: blow.dodgeDeclared === true,
      attackDeclared: blow.attackDeclared === true,
      parriedThisRound: parried.has(d),
      ...(blow.reloadingWeaponId ? { reloadingWeaponId: blow.reloadingWeaponId } : {}),
    };
    const opened = openAttack(
      {
        attacker: fighters[a]!,
        defender: fighters[d]!,
        weaponId: blow.weaponId,
        intent: NO_INTENT,
        memory: [],
      },
      scripted,
      options,
    );
    if (opened.attackerAfter) fighters[a] = opened.attackerAfter;
    let step = opened.step;
    let state: FantasiaAttackState = opened.state;
    let target = d;
    const view = (friend?: number): FantasiaAttackView => ({
      attacker: fighters[a],
      defender: fighters[target],
      attackerName: fighters[a]!.name,
      defenderName: fighters[target]!.name,
      facts,
      memory: [],
      round,
      startRound: round,
      ...(friend !== undefined
        ? { friend: { combatant: fighters[friend]!, name: fighters[friend]!.name } }
        : {}),
      options,
    });
    const take = (id: string, side: 'attacker' | 'defender' | 'gm', friend?: number) => {
      const next = takeAction(fantasiaAttackMachine, step, state, view(friend), id, side, scripted);
      step = next.step;
      state = next.state;
      write(a, 'attacker', next.effects);
      write(target, 'defender', next.effects);
    };
    if (step === 'fumble') {
      // The GM's choice, as the encounter's setting makes it (a friend only when one stands).
      let friend = -1;
      for (let j = 0; j < fighters.length; j++)
        if (j !== a && sideOf[j] === sideOf[a] && !fantasiaDown(fighters[j]!) && !fled.has(j)) {
          friend = j;
          break;
        }
      const needs = new Set<string>(
        fumbleOptions(state.attack)
          .filter((o) => o.needsFriend)
          .map((o) => o.id),
      );
      const offered = fantasiaAttackMachine
        .actions(step, state, view())
        .filter((x) => !x.refused && (friend >= 0 || !needs.has(x.id.slice('fumble.'.length))));
      const wanted = encounter.fumbles ?? 'random';
      if (wanted !== 'none' && offered.length) {
        const id =
          offered.find((x) => x.id === `fumble.${wanted}`)?.id ??
          offered[scripted.die(offered.length) - 1]!.id;
        expect(id).toBe(`fumble.${blow.fumble}`);
        const option = id.slice('fumble.'.length);
        const hitsFriend = needs.has(option);
        take(id, 'gm', hitsFriend ? friend : undefined);
        if (hitsFriend) {
          expect(blow.friend).toBe(friend);
          target = friend;
          if ((step as string) === 'damage') take('apply', 'defender');
          expect(fighters[friend]!.pv.value).toBe(blow.friendPv);
          target = d;
        }
      } else step = 'done';
    }
    if (step === 'defence') {
      // The defender takes the allowed defence with the best chance (the simulator's tactic).
      let best: ExchangeAction | undefined;
      for (const x of fantasiaAttackMachine.actions(step, state, view()))
        if (!x.refused && x.id !== 'none' && (!best || percentOf(x) > percentOf(best))) best = x;
      take(best?.id ?? 'none', 'defender');
    }
    if (step === 'damage') take('apply', 'defender');
    noDiceLeft(
      scripted.remaining,
      () => `round ${round}: dice left at ${step} ${JSON.stringify({ blow, dice, state })}`,
    );
    const got = {
      round,
      attacker: a,
      defender: d,
      hit: state.attack.hit,
      defence: state.defence?.kind ?? 'none',
      defended: state.defence?.success ?? false,
      damage: state.damage && state.fumble === null ? state.damage.total : 0,
      defenderPv: fighters[d]!.pv.value,
      attackerPv: fighters[a]!.pv.value,
    };
    sameBlow(got, {
      round: blow.round,
      attacker: blow.attacker,
      defender: blow.defender,
      hit: blow.hit,
      defence: blow.defence,
      defended: blow.defended,
      damage: blow.damage,
      defenderPv: blow.defenderPv,
      attackerPv: blow.attackerPv,
    });
  }
  // Those who left the fight do not win it (the last to go leave when the next round starts).
  for (const i of fled) expect(fight.fighters[i]![2], `${fighters[i]!.name} left`).toBe(1);
  return standingSide(sideOf, (i) => !fantasiaDown(fighters[i]!) && fight.fighters[i]![2] === 0);
}

function fantasiaEncounter(
  a: string[],
  b: string[],
  fumbles: FantasiaEncounter['fumbles'] = 'random',
): FantasiaEncounter {
  const combatant = (name: string) => ({
    combatant: fantasiaCombatant(packDoc('fantasia', 'fantasia-bestiaire', name)),
  });
  return {
    ruleset: 'fantasia',
    fights: 1,
    seed: 1,
    fumbles,
    sides: [
      { name: 'A', fighters: a.map(combatant) },
      { name: 'B', fighters: b.map(combatant) },
    ],
  };
}

function fantasiaExample(file: string): FantasiaEncounter {
  const encounter = exampleEncounter(file);
  if (encounter.ruleset !== 'fantasia') throw new Error(`${file} is not a Fantasia encounter`);
  return encounter;
}

/** The id of the missile weapon of fighter `i` (by place), if it has one. */
function missileOf(encounter: FantasiaEncounter, i: number): string | undefined {
  const entry = encounter.sides.flatMap((side) => side.fighters)[i]!;
  return entry.combatant.weapons?.find((w) => w.kind === 'missile' || w.kind === 'thrown')?.id;
}

// ------------------------------------------------------------------------------------ Greyhawk

/** Replays one recorded Greyhawk fight through greyhawkAttackMachine; returns the winner. */
function replayGreyhawk(encounter: GreyhawkEncounter, fight: RecordedFight, sideOf: readonly number[]) {
  const entries = encounter.sides.flatMap((side, s) =>
    side.fighters.map((e, k) => ({ ...e, character: { ...e.character, id: `${s}.${k}` } })),
  );
  const hp = entries.map((e) => e.hp);
  const options = encounter.options ?? DEFAULT_GREYHAWK_OPTIONS;
  const simultaneous = encounter.simultaneous !== false;
  /** Round and initiative total each fighter fell at (PHB: equal totals strike together). */
  const fell = entries.map(() => ({ round: 0, order: Number.NaN }));
  for (const { blow, dice } of fight.blows) {
    const a = blow.attacker;
    const d = blow.defender;
    const me = entries[a]!;
    const them = entries[d]!;
    const together = simultaneous && fell[a]!.round === blow.round && fell[a]!.order === blow.order;
    always(hp[a]! > 0 || together, () => `round ${blow.round}: ${me.character.name} strikes while down`);
    always(
      hp[d]! > 0 || (simultaneous && fell[d]!.round === blow.round && fell[d]!.order === blow.order),
      () => `round ${blow.round}: ${them.character.name} struck while down`,
    );
    const weapon = me.weapons.find((w) => w.id === blow.weaponId)!;
    const view: GreyhawkExchangeView = {
      attacker: me.character,
      weapon,
      ...(me.shield ? { attackerShield: me.shield } : {}),
      attackerConditions: {},
      defender: them.character,
      defenderAc: them.ac,
      ...(them.shield ? { defenderShield: them.shield } : {}),
      defenderSize: them.character.size,
      defenderDex: them.character.dex,
      defenderHp: hp[d]!,
      defenderConditions: {},
      options,
    };
    const scripted = new ScriptedDice(dice);
    const choices = {
      ...DEFAULT_CHOICES,
      ...(blow.missile ? { targetDistance: blow.distance ?? 0, distanceFrom: 'scene' as const } : {}),
    };
    const card = openGreyhawkAttack(
      view,
      choices,
      { attackerName: me.character.name, weaponName: weapon.name },
      scripted,
    );
    expect(card.step).not.toBe('refused');
    let damage = 0;
    const apply = greyhawkAttackMachine.actions(card.step, card.state, view).find((x) => x.id === 'apply');
    if (apply && !apply.refused) {
      const next = takeAction(greyhawkAttackMachine, card.step, card.state, view, 'apply', 'gm', scripted);
      for (const e of next.effects)
        if (e.type === 'resource' && e.fighter === 'defender' && e.resource === 'hp') {
          damage = e.from - e.to;
          hp[d] = e.to;
        }
    }
    noDiceLeft(scripted.remaining, () => `round ${blow.round}: dice left`);
    if (hp[d]! <= 0 && fell[d]!.round === 0) fell[d] = { round: blow.round, order: blow.order ?? Number.NaN };
    sameBlow(
      {
        attacker: a,
        defender: d,
        hit: card.state.first?.attack.outcome === 'hit',
        damage,
        defenderPv: hp[d],
        attackerPv: hp[a],
      },
      {
        attacker: blow.attacker,
        defender: blow.defender,
        hit: blow.hit,
        damage: blow.damage,
        defenderPv: blow.defenderPv,
        attackerPv: blow.attackerPv,
      },
    );
  }
  return standingSide(sideOf, (i) => hp[i]! > 0);
}

// ------------------------------------------------------------------------------------- Souffle

/** Replays one recorded Souffle fight through souffleAttackExchange; returns the winner. */
function replaySouffle(encounter: SouffleEncounter, fight: RecordedFight, sideOf: readonly number[]) {
  const entries = encounter.sides.flatMap((side) => side.fighters);
  const fighters = encounter.sides.flatMap((side, s) =>
    side.fighters.map((e, k) => ({ ...e.fighter, id: `${s}.${k}` })),
  );
  const options = encounter.options ?? SOUFFLE_OPTIONS;
  for (const { blow, dice } of fight.blows) {
    const a = blow.attacker;
    const d = blow.defender;
    always(fighters[a]!.pv.value > 0 && fighters[d]!.pv.value > 0, () => `round ${blow.round}`);
    const me = entries[a]!;
    const them = entries[d]!;
    const gear = (e: typeof me) => ({
      weapons: e.weapons,
      ...(e.armour ? { armour: e.armour } : {}),
      ...(e.shield ? { shield: e.shield } : {}),
    });
    const view = (): SouffleExchangeView => ({
      options,
      attacker: { fighter: fighters[a]!, ...gear(me) },
      // The posture the defender stands in now (S-P1), as its sheet shows it.
      defender: { fighter: { ...fighters[d]!, posture: blow.posture as Posture }, ...gear(them) },
      attackerName: fighters[a]!.name,
      defenderName: fighters[d]!.name,
    });
    // Bare hands when it holds no melee weapon (the sheet's unarmed attack).
    const weapon = me.weapons.find((w) => w.id === blow.weaponId) ?? WEAPONS.mainsNues!;
    const input = sheetAttackInput(fighters[a]!, weapon, me.weapons);
    const scripted = new ScriptedDice(dice);
    let step = 'attack';
    let state: SouffleAttackState = {
      attackerName: fighters[a]!.name,
      weaponName: weapon.id,
      input,
      attack: openSouffleAttack(input, scripted, options),
      souffleSpent: 0,
      ...(blow.distance !== undefined ? { distance: blow.distance } : {}),
      undone: 0,
    };
    const take = (id: string, side: 'attacker' | 'defender' | 'gm') => {
      const next = takeAction(souffleAttackExchange, step, state, view(), id, side, scripted);
      step = next.step;
      state = next.state;
      fighters[a] = applySouffleEffects(fighters[a]!, 'attacker', next.effects);
      fighters[d] = applySouffleEffects(fighters[d]!, 'defender', next.effects);
    };
    // S-AT2: the attacker forces what its tactic spends, one point or all it can at a time.
    const forced = blow.forced ?? 0;
    const most = Math.min(state.attack.maxForce, fighters[a]!.souffle.value);
    if (forced > 0 && forced === most && most > 1) take('forceMax', 'attacker');
    else for (let k = 0; k < forced; k++) take('force1', 'attacker');
    // S-AT2 (issue 46): the defence waits until the attacker says it forces no more.
    if (forcingOpen(state, view())) take('noForce', 'attacker');
    take(blow.defence, 'defender');
    if (state.defence!.result.taken > 0) take('apply', 'gm');
    noDiceLeft(scripted.remaining, () => `round ${blow.round}: dice left`);
    sameBlow(
      {
        taken: state.defence!.result.taken,
        defenderPv: fighters[d]!.pv.value,
        defenderSouffle: fighters[d]!.souffle.value,
        attackerPv: fighters[a]!.pv.value,
        attackerSouffle: fighters[a]!.souffle.value,
      },
      {
        taken: blow.damage,
        defenderPv: blow.defenderPv,
        defenderSouffle: blow.defenderSouffle,
        attackerPv: blow.attackerPv,
        attackerSouffle: blow.attackerSouffle,
      },
    );
  }
  return standingSide(sideOf, (i) => fighters[i]!.pv.value > 0);
}

describe('the simulator plays the fights the cards play', () => {
  const cases: [string, FantasiaEncounter, number, boolean][] = [
    [
      'a Fantasia duel (guard against brigand)',
      fantasiaEncounter(['Garde de la porte'], ['Brigand']),
      7,
      false,
    ],
    [
      'a Fantasia two against two, fumbles with friends to hit',
      fantasiaEncounter(['Garde de la porte', 'Bretteur'], ['Chef brigand', 'Brigand']),
      11,
      true,
    ],
  ];
  it.each(cases)(
    '%s: same blows, PV and winner through fantasiaAttackMachine',
    (_name, encounter, seed, friends) => {
      const runner = new FantasiaFight(encounter);
      const fights = record(runner, seed, 75);
      const seen = { blows: 0, parries: 0, dodges: 0, fumbles: 0, friends: 0, rounds: 0 };
      for (const fight of fights) {
        expect(replayFantasia(encounter, fight, runner.sideOf)).toBe(fight.winner);
        seen.blows += fight.blows.length;
        seen.rounds += fight.rounds;
        for (const { blow } of fight.blows) {
          if (blow.defence === 'parry') seen.parries += 1;
          if (blow.defence === 'dodge') seen.dodges += 1;
          if (blow.fumble) seen.fumbles += 1;
          if (blow.friend !== undefined) seen.friends += 1;
        }
      }
      // Fights of several rounds, with parries and fumbles among their blows.
      expect(seen.rounds / fights.length).toBeGreaterThan(2);
      expect(seen.parries).toBeGreaterThan(0);
      expect(seen.fumbles).toBeGreaterThan(0);
      if (friends) expect(seen.friends).toBeGreaterThan(0);
    },
  );

  // The examples' four against four: the simulator's own steps play their blows (see
  // FantasiaFight.fastStrike), and the cards' machine must find the same in each of them.
  const examples: [string, FantasiaEncounter][] = [
    ['the guards against the brigands, four against four', fantasiaExample('fantasia-melee-4v4.json')],
    [
      'the adventurers against the brigands at 30 m (bows, a crossbow reloaded, a retreat)',
      fantasiaExample('fantasia-brigands.json'),
    ],
  ];
  it.each(examples)('%s: same blows, PV and winner through fantasiaAttackMachine', (_name, encounter) => {
    const runner = new FantasiaFight(encounter);
    const fights = record(runner, 23, 60);
    const seen = { blows: 0, missiles: 0, parries: 0, fumbles: 0 };
    for (const fight of fights) {
      expect(replayFantasia(encounter, fight, runner.sideOf)).toBe(fight.winner);
      seen.blows += fight.blows.length;
      for (const { blow } of fight.blows) {
        if (blow.weaponId === missileOf(encounter, blow.attacker)) seen.missiles += 1;
        if (blow.defence === 'parry') seen.parries += 1;
        if (blow.fumble) seen.fumbles += 1;
      }
    }
    // Most blows by the simulator's own steps; parries and fumbles among them.
    expect(runner.plainBlows).toBeGreaterThan(seen.blows * 0.9);
    expect(seen.parries).toBeGreaterThan(0);
    expect(seen.fumbles).toBeGreaterThan(0);
    // Arrows and bolts at 30 m.
    if (encounter.distance) expect(seen.missiles).toBeGreaterThan(0);
  });

  it('a Greyhawk duel (veteran against gnoll): same blows, hit points and winner through greyhawkAttackMachine', () => {
    const sword = packDoc('greyhawk', 'greyhawk-armes', 'Épée longue');
    const halberd = packDoc('greyhawk', 'greyhawk-armes', 'Hallebarde');
    const veteran = greyhawkEntry({ ...exampleActor('greyhawk-guerrier.json'), items: [sword] });
    const gnoll = greyhawkEntry({ ...exampleActor('greyhawk-gnoll.json'), items: [halberd] });
    const encounter: GreyhawkEncounter = {
      ruleset: 'greyhawk',
      fights: 1,
      seed: 1,
      sides: [
        // Few hit points on both sides, so that blows struck together fell both now and then.
        { name: 'A', fighters: [{ ...veteran, hp: 10 }] },
        { name: 'B', fighters: [{ ...gnoll, hp: 10 }] },
      ],
    };
    const runner = new GreyhawkFight(encounter);
    const fights = record(runner, 13, 200);
    let rounds = 0;
    let hits = 0;
    let together = 0;
    for (const fight of fights) {
      const winner = replayGreyhawk(encounter, fight, runner.sideOf);
      expect(winner).toBe(fight.winner);
      rounds += fight.rounds;
      hits += fight.blows.filter((b) => b.blow.hit).length;
      if (winner === -1) together += 1;
    }
    expect(rounds / fights.length).toBeGreaterThan(2);
    expect(hits).toBeGreaterThan(0);
    // Equal initiatives strike together: some duels end with both down.
    expect(together).toBeGreaterThan(0);
  });

  it('a Souffle duel (gardien against chasseur): same blows, souffle, PV and winner through souffleAttackExchange', () => {
    const gardienDoc = packDoc('souffle', 'souffle-combattants', "Gardien du Waka'Hata");
    const chasseurDoc = packDoc('souffle', 'souffle-combattants', 'Chasseur');
    const dague = packDoc('souffle', 'souffle-equipement', 'Dague');
    const encounter: SouffleEncounter = {
      ruleset: 'souffle',
      fights: 1,
      seed: 1,
      sides: [
        { name: 'A', fighters: [souffleEntry(gardienDoc, { posture: 'adaptive', force: 'reserve' })] },
        {
          name: 'B',
          fighters: [
            souffleEntry({ ...chasseurDoc, items: [...(chasseurDoc.items ?? []), dague] }, { force: 'max' }),
          ],
        },
      ],
    };
    const runner = new SouffleFight(encounter);
    const fights = record(runner, 17, 100);
    let rounds = 0;
    let forced = 0;
    const modes = new Set<string>();
    for (const fight of fights) {
      expect(replaySouffle(encounter, fight, runner.sideOf)).toBe(fight.winner);
      rounds += fight.rounds;
      for (const { blow } of fight.blows) {
        if ((blow.forced ?? 0) > 0) forced += 1;
        modes.add(blow.defence);
      }
    }
    expect(rounds / fights.length).toBeGreaterThan(2);
    expect(forced).toBeGreaterThan(0);
    expect(modes.has('parade')).toBe(true);
  });
});

describe("the simulator's own Fantasia steps play the fights the engine's steps play", () => {
  // The same fights, from the same seed, once by the simulator's own steps for plain blows,
  // initiative and schedule (FantasiaFight) and once through the engine's functions the cards
  // call (engineSteps: resolveAttack, availableDefences, resolveDefence, rollDamage,
  // damagedDefender, resolveFumble, fantasiaInitiative, buildFantasiaSchedule): every blow with
  // its dice, every fight's winner, length and each fighter's lot must be the same.
  const dodging = (encounter: FantasiaEncounter): FantasiaEncounter => ({
    ...encounter,
    sides: encounter.sides.map((side) => ({
      ...side,
      fighters: side.fighters.map((f) => ({
        ...f,
        tactics: { ...f.tactics, defence: 'dodgeWhenHurt' as const },
      })),
    })),
  });
  const cases: [string, () => FantasiaEncounter][] = [
    ['four against four', () => fantasiaExample('fantasia-melee-4v4.json')],
    [
      'four against four, every fumble a lost balance',
      () => ({ ...fantasiaExample('fantasia-melee-4v4.json'), fumbles: 'loseBalance' }),
    ],
    [
      'four against four, weapons in their sheaths, every fumble a friend hit',
      () => ({ ...fantasiaExample('fantasia-melee-4v4.json'), drawn: false, fumbles: 'hitFriend' }),
    ],
    ['four against four, dodging once hurt', () => dodging(fantasiaExample('fantasia-melee-4v4.json'))],
    ['the brigands at 30 m (bows, a crossbow)', () => fantasiaExample('fantasia-brigands.json')],
    [
      'the brigands at 30 m, weapons in their sheaths, every fumble a broken weapon',
      () => ({ ...fantasiaExample('fantasia-brigands.json'), drawn: false, fumbles: 'weaponBreaks' }),
    ],
    [
      'the brigands at 30 m, the gentler 0-PV ruling, a fumble a plain miss',
      () => ({
        ...fantasiaExample('fantasia-brigands.json'),
        fumbles: 'none',
        options: { ...DEFAULT_FANTASIA_OPTIONS, zeroPv: 'down' },
      }),
    ],
    ['a guard against the pasmagosaure', () => fantasiaExample('fantasia-pasmagosaure.json')],
  ];
  it.each(cases)('%s', (_name, make) => {
    const encounter = make();
    const own = new FantasiaFight(encounter);
    const engine = new FantasiaFight(encounter, { engineSteps: true });
    const a = record(own, 41, 125);
    const b = record(engine, 41, 125);
    const blows = a.reduce((n, f) => n + f.blows.length, 0);
    expect(blows).toBeGreaterThan(250);
    expect(engine.plainBlows).toBe(0);
    expect(own.plainBlows).toBeGreaterThan(blows / 2);
    for (let n = 0; n < a.length; n++) expect(a[n], `fight ${n + 1}`).toEqual(b[n]);
  });
});

describe("the simulator's own Greyhawk rounds are the tracker's rounds", () => {
  // The same fights once with the simulator's own reading of the initiative, schedule and melee
  // blows and once through greyhawkInitiative, greyhawkSchedule, resolveAttack and rollDamage
  // (engineSteps): the same blows with their dice and initiative totals, the same winners,
  // lengths and fighters' lots.
  const greyhawkExample = (file: string): GreyhawkEncounter => {
    const encounter = exampleEncounter(file);
    if (encounter.ruleset !== 'greyhawk') throw new Error(`${file} is not a Greyhawk encounter`);
    return encounter;
  };
  const cases: [string, () => GreyhawkEncounter][] = [
    ['four fighters against four gnolls', () => greyhawkExample('greyhawk-melee-4v4.json')],
    [
      'four against four, equal totals one after the other',
      () => ({ ...greyhawkExample('greyhawk-melee-4v4.json'), simultaneous: false }),
    ],
    [
      'four against four, the DMG critical hits, no natural 20 or 1',
      () => ({
        ...greyhawkExample('greyhawk-melee-4v4.json'),
        options: { ...DEFAULT_GREYHAWK_OPTIONS, criticalHits: true, naturalRolls: false },
      }),
    ],
    ['two fighters with bows against four gnolls at 60 m', () => greyhawkExample('greyhawk-gnolls.json')],
  ];
  it.each(cases)('%s', (_name, make) => {
    const encounter = make();
    const a = record(new GreyhawkFight(encounter), 43, 125);
    const b = record(new GreyhawkFight(encounter, { engineSteps: true }), 43, 125);
    expect(a.reduce((n, f) => n + f.blows.length, 0)).toBeGreaterThan(250);
    for (let n = 0; n < a.length; n++) expect(a[n], `fight ${n + 1}`).toEqual(b[n]);
  });
});

describe("the simulator's own Souffle attacks are the card's attacks", () => {
  // The same fights once by the simulator's own steps for an attack (its level die, the souffle
  // forced, the defence die, what gets through) and once through resolveAttack, forceAttack and
  // resolveDefence (engineSteps): the same blows with their dice, winners and fighters' lots.
  const souffleExample = (file: string): SouffleEncounter => {
    const encounter = exampleEncounter(file);
    if (encounter.ruleset !== 'souffle') throw new Error(`${file} is not a Souffle encounter`);
    return encounter;
  };
  const adaptive = (encounter: SouffleEncounter): SouffleEncounter => ({
    ...encounter,
    sides: encounter.sides.map((side) => ({
      ...side,
      fighters: side.fighters.map((f) => ({ ...f, tactics: { ...f.tactics, posture: 'adaptive' as const } })),
    })),
  });
  const cases: [string, () => SouffleEncounter][] = [
    ['gardiens and chasseurs against pillards and frondeurs', () => souffleExample('souffle-melee-4v4.json')],
    [
      'the same, every fighter changing posture by the adaptive tactic',
      () => adaptive(souffleExample('souffle-melee-4v4.json')),
    ],
    ['the Waka’Hata example at 40 m (missiles)', () => souffleExample('souffle-waka-hata.json')],
  ];
  it.each(cases)('%s', (_name, make) => {
    const encounter = make();
    const a = record(new SouffleFight(encounter), 47, 125);
    const b = record(new SouffleFight(encounter, { engineSteps: true }), 47, 125);
    expect(a.reduce((n, f) => n + f.blows.length, 0)).toBeGreaterThan(250);
    expect(a.some((f) => f.blows.some(({ blow }) => (blow.forced ?? 0) > 0))).toBe(true);
    for (let n = 0; n < a.length; n++) expect(a[n], `fight ${n + 1}`).toEqual(b[n]);
  });
});
