import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { isRulesError } from '../../../src/engine/core/errors';
import {
  declare,
  GM,
  isRoundComplete,
  nextRound,
  nextSlot,
  setReadiness,
  slotVisible,
  startPasses,
  startRound,
  type Requester,
} from '../../../src/engine/round';
import {
  declarationView,
  fantasiaRound,
  toRoundCombatant,
  type FantasiaDeclaration,
  type FantasiaRoundCombatant,
  type FantasiaRoundState,
} from '../../../src/engine/fantasia/round';
import type { FantasiaCombatant } from '../../../src/engine/fantasia/types';
import { arquebus, bow, club, crossbow, dagger, fighter, sword } from './fixtures';

const noDice = (): ScriptedDice => new ScriptedDice([]);

function start(combatants: FantasiaRoundCombatant[], dice = noDice()): FantasiaRoundState {
  return startRound(fantasiaRound, combatants, dice);
}

function declareAll(
  state: FantasiaRoundState,
  declarations: Record<string, FantasiaDeclaration>,
): FantasiaRoundState {
  let s = state;
  for (const entry of s.order) {
    const d = declarations[entry.combatantId];
    if (d) s = declare(fantasiaRound, s, entry.combatantId, d, GM);
  }
  return s;
}

/** The schedule as "pass:name:action" strings. */
function schedule(state: FantasiaRoundState): string[] {
  return state.slots.map((s) => `${s.pass}:${s.combatantId}:${s.action}`);
}

function runAll(state: FantasiaRoundState): FantasiaRoundState {
  let s = state;
  while (s.slotIndex >= 0) s = nextSlot(fantasiaRound, s, GM);
  return s;
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isRulesError(error)) return error.key;
    throw error;
  }
  throw new Error('expected a refusal');
}

const order = (state: FantasiaRoundState): string[] => state.order.map((e) => e.combatantId);

describe('Fantasia initiative', () => {
  it('F-R2 acts by DEX, highest first', () => {
    const s = start([fighter('slow', 'pc', 9), fighter('fast', 'npc', 17), fighter('mid', 'pc', 12)]);
    expect(order(s)).toEqual(['fast', 'mid', 'slow']);
    expect(s.order.map((e) => e.score)).toEqual([17, 12, 9]);
  });

  it('F-R3 equal DEX is settled by 1d10, highest first', () => {
    const dice = new ScriptedDice([
      { faces: 10, value: 3 },
      { faces: 10, value: 8 },
    ]);
    const s = start([fighter('ana', 'pc', 14), fighter('bert', 'pc', 14), fighter('cid', 'pc', 10)], dice);
    expect(order(s)).toEqual(['bert', 'ana', 'cid']);
    expect(s.order[0]?.tieBreak).toEqual([8]);
    expect(s.order[1]?.tieBreak).toEqual([3]);
    expect(dice.remaining).toBe(0);
  });

  it('F-R3 a tie on the d10 is rolled again among those still tied (ruling)', () => {
    // d10s: ana 6, bert 6, cid 2 → ana and bert roll again: 4 then 9.
    const dice = new ScriptedDice([6, 6, 2, 4, 9]);
    const s = start([fighter('ana', 'npc', 13), fighter('bert', 'npc', 13), fighter('cid', 'npc', 13)], dice);
    expect(order(s)).toEqual(['bert', 'ana', 'cid']);
    expect(s.order[0]?.tieBreak).toEqual([6, 9]);
    expect(s.order[2]?.tieBreak).toEqual([2]);
  });

  it('F-R4 an Aventurier acts before a PNJ of equal DEX, with no roll', () => {
    const s = start([fighter('orc', 'npc', 12), fighter('hero', 'pc', 12)], noDice());
    expect(order(s)).toEqual(['hero', 'orc']);
    expect(s.order[0]?.tieBreak).toEqual([]);
    expect(s.order[0]?.reason).toBe('PDA.Round.Initiative.PcFirst');
  });

  it('F-R4 Aventuriers first, then each side settles its own tie with the d10 (F-R3)', () => {
    const dice = new ScriptedDice([2, 7, 5, 1]);
    const s = start(
      [
        fighter('orc1', 'npc', 12),
        fighter('pc1', 'pc', 12),
        fighter('orc2', 'npc', 12),
        fighter('pc2', 'pc', 12),
      ],
      dice,
    );
    // pc1 2, pc2 7; orc1 5, orc2 1.
    expect(order(s)).toEqual(['pc2', 'pc1', 'orc1', 'orc2']);
  });

  it('F-R2 initiative is determined again each round', () => {
    const dice = new ScriptedDice([1, 9, 8, 2]);
    let s = start([fighter('a', 'pc', 11, [sword()]), fighter('b', 'pc', 11, [sword()])], dice);
    expect(order(s)).toEqual(['b', 'a']);
    s = declareAll(s, {
      a: { intents: [{ kind: 'melee', weaponId: 'sword' }] },
      b: { intents: [{ kind: 'parry', weaponId: 'sword' }] },
    });
    s = runAll(startPasses(fantasiaRound, s, { by: GM }));
    s = nextRound(fantasiaRound, s, dice, { by: GM });
    expect(s.round).toBe(2);
    expect(order(s)).toEqual(['a', 'b']);
  });

  it('F-R2 reads DEX and INT and the side from a full Fantasia combatant', () => {
    const full = {
      id: 'x',
      name: 'Xéna',
      kind: 'aventurier',
      characteristics: { FOR: 12, CON: 12, TAI: 12, INT: 17, DEX: 9, CHA: 10 },
      pv: { value: 12, max: 12 },
      mouvement: 8,
      damageBonus: '',
      armour: 0,
      skills: {},
      states: {},
    } satisfies FantasiaCombatant;
    const c = toRoundCombatant(full, { surprised: true });
    expect(c).toMatchObject({ side: 'pc', dex: 9, int: 17, surprised: true, weapons: [] });
  });
});

describe('Fantasia declarations', () => {
  const hero = (): FantasiaRoundCombatant =>
    fighter('hero', 'pc', 14, [sword(), crossbow({ id: 'xbow', loaded: false }), bow(), dagger(), club()]);
  const s0 = (): FantasiaRoundState => start([hero(), fighter('orc', 'npc', 10, [sword()])]);
  const tryDeclare =
    (d: FantasiaDeclaration, by: Requester = GM) =>
    () =>
      declare(fantasiaRound, s0(), 'hero', d, by);

  it('F-W5 shooting an unloaded crossbow is refused', () => {
    expect(refusal(tryDeclare({ intents: [{ kind: 'shoot', weaponId: 'xbow' }] }))).toBe(
      'PDA.Error.Round.NotLoaded',
    );
  });

  it('F-D1 a dodger cannot attack that round, but may parry', () => {
    expect(refusal(tryDeclare({ intents: [{ kind: 'dodge' }, { kind: 'melee', weaponId: 'sword' }] }))).toBe(
      'PDA.Error.Round.DodgeNoAttack',
    );
    const ok = tryDeclare({ intents: [{ kind: 'dodge' }, { kind: 'parry', weaponId: 'sword' }] })();
    expect(ok.declarations.hero?.intents).toHaveLength(2);
  });

  it('F-R9 a missile weapon is used once a round: shooting twice is refused', () => {
    expect(
      refusal(
        tryDeclare({
          intents: [
            { kind: 'shoot', weaponId: 'bow' },
            { kind: 'shoot', weaponId: 'bow' },
          ],
        }),
      ),
    ).toBe('PDA.Error.Round.OneMissile');
    expect(
      refusal(
        tryDeclare({
          intents: [
            { kind: 'shoot', weaponId: 'bow' },
            { kind: 'throw', weaponId: 'dagger' },
          ],
        }),
      ),
    ).toBe('PDA.Error.Round.OneMissile');
  });

  it('F-W5 no move, parry or dodge while reloading a crossbow', () => {
    for (const other of [
      { kind: 'move' },
      { kind: 'parry', weaponId: 'sword' },
      { kind: 'dodge' },
    ] as const) {
      expect(refusal(tryDeclare({ intents: [{ kind: 'reload', weaponId: 'xbow' }, other] }))).toBe(
        'PDA.Error.Round.ReloadingBusy',
      );
    }
  });

  it('F-W5 a crossbow shot in pass 1 reloads after, so it cannot be combined with a move', () => {
    const s = start([fighter('x', 'pc', 14, [crossbow()])]);
    expect(
      refusal(() =>
        declare(
          fantasiaRound,
          s,
          'x',
          { intents: [{ kind: 'shoot', weaponId: 'crossbow' }, { kind: 'move' }] },
          GM,
        ),
      ),
    ).toBe('PDA.Error.Round.ReloadingBusy');
    // Declining the reload frees the shooter to move.
    const ok = declare(
      fantasiaRound,
      s,
      'x',
      { intents: [{ kind: 'shoot', weaponId: 'crossbow', reloadAfter: false }, { kind: 'move' }] },
      GM,
    );
    expect(schedule(startPasses(fantasiaRound, ok, { by: GM }))).toEqual(['1:x:shoot', '2:x:move']);
  });

  it('F-U4 a knock-out is declared with a blunt weapon or bare hands, never an edged one', () => {
    expect(refusal(tryDeclare({ intents: [{ kind: 'knockout', weaponId: 'sword' }] }))).toBe(
      'PDA.Error.Round.KnockOutWeapon',
    );
    const club = { intents: [{ kind: 'knockout', weaponId: 'club', targetId: 'orc' }] } as const;
    expect(tryDeclare(club)().declarations.hero).toEqual(club);
    const bare = { intents: [{ kind: 'knockout', targetId: 'orc' }] } as const;
    expect(tryDeclare(bare)().declarations.hero).toEqual(bare);
  });

  it('F-R8 who draws a weapon makes no attack that round', () => {
    const s = start([fighter('x', 'pc', 14, [sword({ id: 'sword', ready: false }), bow()])]);
    expect(
      refusal(() =>
        declare(
          fantasiaRound,
          s,
          'x',
          {
            intents: [
              { kind: 'draw', weaponId: 'sword' },
              { kind: 'shoot', weaponId: 'bow' },
            ],
          },
          GM,
        ),
      ),
    ).toBe('PDA.Error.Round.DrawNoAttack');
    expect(
      refusal(() => declare(fantasiaRound, s, 'x', { intents: [{ kind: 'melee', weaponId: 'sword' }] }, GM)),
    ).toBe('PDA.Error.Round.NotDrawn');
  });

  it('F-R10 a surprised combatant has nothing drawn and cannot attack in the first round', () => {
    const s = start([fighter('x', 'pc', 14, [sword(), bow()], { surprised: true }), fighter('y', 'npc', 12)]);
    expect(s.readiness.x?.weapons.sword?.ready).toBe(false);
    expect(s.readiness.x?.weapons.bow?.ready).toBe(false);
    expect(
      refusal(() => declare(fantasiaRound, s, 'x', { intents: [{ kind: 'melee', weaponId: 'sword' }] }, GM)),
    ).toBe('PDA.Error.Round.Surprised');
    // Bare hands need nothing drawn (F-R10 ruling): a blow with no weapon is a Bagarre blow.
    expect(declare(fantasiaRound, s, 'x', { intents: [{ kind: 'melee' }] }, GM).declarations.x).toEqual({
      intents: [{ kind: 'melee' }],
    });
    const drawn = declare(fantasiaRound, s, 'x', { intents: [{ kind: 'draw', weaponId: 'sword' }] }, GM);
    let r = startPasses(fantasiaRound, drawn, { by: GM, force: true });
    expect(schedule(r)).toEqual(['2:y:other', '3:x:draw']);
    r = nextRound(fantasiaRound, runAll(r), noDice(), { by: GM });
    expect(r.readiness.x?.weapons.sword?.ready).toBe(true);
    const melee: FantasiaDeclaration = { intents: [{ kind: 'melee', weaponId: 'sword', targetId: 'y' }] };
    expect(declare(fantasiaRound, r, 'x', melee, GM).declarations.x).toEqual(melee);
  });

  it('F-D2 one parry a round', () => {
    expect(
      refusal(
        tryDeclare({
          intents: [
            { kind: 'parry', weaponId: 'sword' },
            { kind: 'parry', weaponId: 'club' },
          ],
        }),
      ),
    ).toBe('PDA.Error.Round.OneParry');
  });

  it('F-D2 parry a faster foe then attack later: both slots in pass 2', () => {
    const s = declare(
      fantasiaRound,
      s0(),
      'hero',
      {
        intents: [
          { kind: 'parry', weaponId: 'sword' },
          { kind: 'melee', weaponId: 'sword', targetId: 'orc' },
        ],
      },
      GM,
    );
    const r = startPasses(fantasiaRound, s, { by: GM, force: true });
    expect(schedule(r)).toEqual(['2:hero:parry', '2:hero:melee', '2:orc:other']);
  });

  it('F-R5 players declare in initiative order; the GM may declare anyone', () => {
    const s = start([fighter('fast', 'npc', 16, [sword()]), fighter('hero', 'pc', 12, [sword()])]);
    const player: Requester = { gm: false, owns: ['hero'] };
    const melee: FantasiaDeclaration = { intents: [{ kind: 'melee', weaponId: 'sword' }] };
    expect(refusal(() => declare(fantasiaRound, s, 'hero', melee, player))).toBe(
      'PDA.Error.NotYourTurnToDeclare',
    );
    expect(refusal(() => declare(fantasiaRound, s, 'fast', melee, player))).toBe('PDA.Error.NotOwner');
    const s2 = declare(fantasiaRound, s, 'fast', { ...melee, publicText: 'porte la main à son épée' }, GM);
    expect(declare(fantasiaRound, s2, 'hero', melee, player).declarations.hero).toEqual(melee);
  });

  it('F-R5 a PNJ exact intent stays hidden from players until it resolves; the vague text shows', () => {
    const s = start([fighter('orc', 'npc', 16, [bow()]), fighter('hero', 'pc', 12, [sword()])]);
    const player: Requester = { gm: false, owns: ['hero'] };
    let r = declare(
      fantasiaRound,
      s,
      'orc',
      { intents: [{ kind: 'shoot', weaponId: 'bow', targetId: 'hero' }], publicText: 'sort une flèche' },
      GM,
    );
    expect(declarationView(r, 'orc', player)).toEqual({ declared: true, publicText: 'sort une flèche' });
    expect(declarationView(r, 'orc', GM).intents).toHaveLength(1);
    r = declare(fantasiaRound, r, 'hero', { intents: [{ kind: 'dodge' }] }, player);
    expect(declarationView(r, 'hero', { gm: false, owns: [] }).intents).toHaveLength(1);
    r = startPasses(fantasiaRound, r, { by: GM });
    const orcSlot = r.slots.find((x) => x.combatantId === 'orc');
    const heroSlot = r.slots.find((x) => x.combatantId === 'hero');
    expect(orcSlot && slotVisible(orcSlot, player)).toBe(true); // current: resolving now
    expect(heroSlot && slotVisible(heroSlot, player)).toBe(true);
    const later = startPasses(
      fantasiaRound,
      declare(
        fantasiaRound,
        declare(fantasiaRound, s, 'hero', { intents: [{ kind: 'dodge' }] }, GM),
        'orc',
        { intents: [{ kind: 'shoot', weaponId: 'bow', hold: true }] },
        GM,
      ),
      { by: GM },
    );
    const waitingOrc = later.slots.find((x) => x.combatantId === 'orc');
    expect(waitingOrc?.status).toBe('waiting');
    expect(waitingOrc && slotVisible(waitingOrc, player)).toBe(false);
    expect(waitingOrc && slotVisible(waitingOrc, GM)).toBe(true);
  });

  it('F-R5 a refused declaration leaves the state unchanged', () => {
    const s = s0();
    const snapshot = JSON.stringify(s);
    expect(() => declare(fantasiaRound, s, 'hero', { intents: [] }, GM)).toThrow();
    expect(JSON.stringify(s)).toBe(snapshot);
  });
});

describe('Fantasia three passes', () => {
  it('F-R6 F-R7 F-R8 F-W5 five fighters: archer in pass 1, mage by INT, reloading crossbow in passes 2 and 3', () => {
    const combatants = [
      fighter('mira', 'pc', 9, [], { int: 17 }), // mage
      fighter('aline', 'pc', 15, [bow()]), // ready archer
      fighter('bruno', 'npc', 12, [crossbow({ id: 'crossbow', loaded: false })]), // reloading
      fighter('dodo', 'npc', 14, [sword()]), // dodger
      fighter('sam', 'pc', 11, [sword({ id: 'sword', ready: false })]), // drawing
    ];
    let s = start(combatants);
    expect(order(s)).toEqual(['aline', 'dodo', 'bruno', 'sam', 'mira']);
    s = declareAll(s, {
      aline: { intents: [{ kind: 'shoot', weaponId: 'bow', targetId: 'dodo' }] },
      dodo: { intents: [{ kind: 'dodge' }, { kind: 'parry', weaponId: 'sword' }], publicText: 'se ramasse' },
      bruno: { intents: [{ kind: 'reload', weaponId: 'crossbow' }] },
      sam: { intents: [{ kind: 'draw', weaponId: 'sword' }] },
      mira: { intents: [{ kind: 'cast', note: 'Éclair', targetId: 'bruno' }] },
    });
    s = startPasses(fantasiaRound, s, { by: GM });
    expect(schedule(s)).toEqual([
      '1:aline:shoot',
      '2:mira:cast',
      '2:dodo:dodge',
      '2:dodo:parry',
      '2:bruno:reload',
      '3:bruno:reload',
      '3:sam:draw',
    ]);
    expect(s.slots.find((x) => x.action === 'cast')?.order).toBe(17);
    expect(s.step).toBe('pass1');
    expect(s.slots[0]?.status).toBe('current');

    s = nextSlot(fantasiaRound, s, GM);
    expect(s.step).toBe('pass2');
    expect(s.budgets.aline?.missile?.used).toBe(1);
    s = runAll(s);
    expect(isRoundComplete(fantasiaRound, s)).toBe(true);
    expect(s.step).toBe('pass3');

    // Readiness carries over (F-R1 next round): sword drawn, crossbow loaded, bow nocked.
    const r2 = nextRound(fantasiaRound, s, noDice(), { by: GM });
    expect(r2.round).toBe(2);
    expect(r2.step).toBe('declaration');
    expect(r2.slots).toEqual([]);
    expect(r2.declarations).toEqual({});
    expect(r2.readiness.sam?.weapons.sword).toMatchObject({ ready: true });
    expect(r2.readiness.bruno?.weapons.crossbow).toMatchObject({ ready: true, loaded: true });
    expect(r2.readiness.aline?.weapons.bow).toMatchObject({ ready: true, loaded: true });
    expect(r2.budgets.aline?.missile?.used).toBe(0);

    const s2 = startPasses(
      fantasiaRound,
      declareAll(r2, {
        aline: { intents: [{ kind: 'shoot', weaponId: 'bow' }] },
        dodo: { intents: [{ kind: 'melee', weaponId: 'sword', targetId: 'sam' }] },
        bruno: { intents: [{ kind: 'shoot', weaponId: 'crossbow', targetId: 'mira' }] },
        sam: { intents: [{ kind: 'melee', weaponId: 'sword', targetId: 'dodo' }] },
        mira: { intents: [{ kind: 'move' }, { kind: 'cast' }] },
      }),
      { by: GM },
    );
    expect(schedule(s2)).toEqual([
      '1:aline:shoot',
      '1:bruno:shoot',
      '2:mira:cast',
      '2:dodo:melee',
      '2:bruno:reload',
      '2:sam:melee',
      '2:mira:move',
      '3:bruno:reload',
    ]);
  });

  it('F-R9 first round: a bow not ready before the fight shoots in pass 3; ready from round 2 (ruling)', () => {
    let s = start([
      fighter('archer', 'pc', 15, [bow({ id: 'bow', loaded: false })]),
      fighter('orc', 'npc', 10, [sword()]),
    ]);
    s = declareAll(s, {
      archer: { intents: [{ kind: 'shoot', weaponId: 'bow', targetId: 'orc' }] },
      orc: { intents: [{ kind: 'move' }] },
    });
    s = startPasses(fantasiaRound, s, { by: GM });
    expect(schedule(s)).toEqual(['2:orc:move', '3:archer:shoot']);
    s = nextRound(fantasiaRound, runAll(s), noDice(), { by: GM });
    s = declareAll(s, {
      archer: { intents: [{ kind: 'shoot', weaponId: 'bow', targetId: 'orc' }] },
      orc: { intents: [{ kind: 'move' }] },
    });
    expect(schedule(startPasses(fantasiaRound, s, { by: GM }))).toEqual(['1:archer:shoot', '2:orc:move']);
  });

  it('F-R8 a ready missile may hold its shot to pass 3', () => {
    let s = start([fighter('archer', 'pc', 15, [bow()])]);
    s = declare(
      fantasiaRound,
      s,
      'archer',
      { intents: [{ kind: 'shoot', weaponId: 'bow', hold: true }] },
      GM,
    );
    expect(schedule(startPasses(fantasiaRound, s, { by: GM }))).toEqual(['3:archer:shoot']);
  });

  it('F-W5 a crossbow shot whose reload was cut short is not loaded next round', () => {
    let s = start([fighter('x', 'pc', 14, [crossbow()]), fighter('y', 'npc', 9, [sword()])]);
    s = declareAll(s, {
      x: { intents: [{ kind: 'shoot', weaponId: 'crossbow' }] },
      y: { intents: [{ kind: 'melee', weaponId: 'sword' }] },
    });
    s = startPasses(fantasiaRound, s, { by: GM });
    expect(schedule(s)).toEqual(['1:x:shoot', '2:x:reload', '2:y:melee', '3:x:reload']);
    s = nextSlot(fantasiaRound, s, GM); // shot
    s = nextSlot(fantasiaRound, s, GM); // reload, pass 2
    s = nextRound(fantasiaRound, nextSlot(fantasiaRound, s, GM), noDice(), { by: GM, force: true });
    expect(s.readiness.x?.weapons.crossbow?.loaded).toBe(false);
    expect(
      refusal(() =>
        declare(fantasiaRound, s, 'x', { intents: [{ kind: 'shoot', weaponId: 'crossbow' }] }, GM),
      ),
    ).toBe('PDA.Error.Round.NotLoaded');
  });

  it('F-W6 an arquebus needs 1d4+3 rounds of reloading after its shot', () => {
    const fighters = [fighter('gun', 'pc', 13, [arquebus()]), fighter('orc', 'npc', 9, [sword()])];
    let s = start(fighters);
    s = declareAll(s, {
      gun: { intents: [{ kind: 'shoot', weaponId: 'arquebus' }] },
      orc: { intents: [{ kind: 'move' }] },
    });
    s = runAll(startPasses(fantasiaRound, s, { by: GM }));
    const dice = new ScriptedDice([{ faces: 4, value: 1 }]); // 1 + 3 = 4 rounds
    s = nextRound(fantasiaRound, s, dice, { by: GM });
    expect(s.readiness.gun?.weapons.arquebus).toEqual({ ready: true, loaded: false, reloadRoundsLeft: 4 });
    expect(
      refusal(() =>
        declare(fantasiaRound, s, 'gun', { intents: [{ kind: 'shoot', weaponId: 'arquebus' }] }, GM),
      ),
    ).toBe('PDA.Error.Round.NotLoaded');
    for (let round = 2; round <= 5; round++) {
      // Still unloaded at the start of rounds 2 to 5: four rounds, not fewer.
      expect(s.round).toBe(round);
      expect(s.readiness.gun?.weapons.arquebus?.loaded).toBe(false);
      s = declareAll(s, {
        gun: { intents: [{ kind: 'reload', weaponId: 'arquebus' }] },
        orc: { intents: [{ kind: 'move' }] },
      });
      s = nextRound(fantasiaRound, runAll(startPasses(fantasiaRound, s, { by: GM })), noDice(), { by: GM });
    }
    expect(s.round).toBe(6);
    expect(s.readiness.gun?.weapons.arquebus).toEqual({ ready: true, loaded: true });
  });

  it('F-W6 a countdown set during the round (too much powder) stands at its end, no fresh 1d4+3', () => {
    const fighters = [fighter('gun', 'pc', 13, [arquebus()]), fighter('orc', 'npc', 9, [sword()])];
    let s = start(fighters);
    s = declareAll(s, {
      gun: { intents: [{ kind: 'shoot', weaponId: 'arquebus' }] },
      orc: { intents: [{ kind: 'move' }] },
    });
    s = startPasses(fantasiaRound, s, { by: GM });
    // The shot's incident doubled the countdown: 1d4+3 = 6, doubled 12.
    s = setReadiness(
      fantasiaRound,
      s,
      'gun',
      { weapons: { arquebus: { ready: true, loaded: false, reloadRoundsLeft: 12 } } },
      GM,
    );
    s = nextRound(fantasiaRound, runAll(s), noDice(), { by: GM });
    expect(s.readiness.gun?.weapons.arquebus).toEqual({ ready: true, loaded: false, reloadRoundsLeft: 12 });
  });

  it('F-M4 the Rorque scene: DEX 17 acts before 16 and the ready crossbow fires in pass 1, reloaded by pass 3', () => {
    let s = start([fighter('rorque', 'npc', 16), fighter('aventurier', 'pc', 17, [crossbow()])]);
    expect(order(s)).toEqual(['aventurier', 'rorque']);
    s = declareAll(s, {
      aventurier: { intents: [{ kind: 'shoot', weaponId: 'crossbow', targetId: 'rorque' }] },
      rorque: { intents: [{ kind: 'move' }], publicText: "s'éloigne" },
    });
    s = startPasses(fantasiaRound, s, { by: GM });
    expect(schedule(s)).toEqual([
      '1:aventurier:shoot',
      '2:aventurier:reload',
      '2:rorque:move',
      '3:aventurier:reload',
    ]);
    s = runAll(s);
    const r2 = nextRound(fantasiaRound, s, noDice(), { by: GM });
    expect(r2.readiness.aventurier?.weapons.crossbow).toMatchObject({ ready: true, loaded: true });
  });

  it('F-R9 a thrown weapon is ready in hand and flies in pass 1', () => {
    let s = start([fighter('t', 'pc', 12, [dagger()])]);
    s = declare(fantasiaRound, s, 't', { intents: [{ kind: 'throw', weaponId: 'dagger' }] }, GM);
    expect(schedule(startPasses(fantasiaRound, s, { by: GM }))).toEqual(['1:t:throw']);
  });
});
