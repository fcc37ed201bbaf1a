import { describe, expect, it } from 'vitest';
import { takeAction } from '../../../../src/engine/core/exchange';
import { DEFAULT_OPTIONS, WEAPONS } from '../../../../src/engine/souffle';
import {
  applyFighterEffects,
  attackAim,
  leftBehind,
  openSouffleAim,
  openSouffleFlee,
  openSouffleGrapple,
  pickUpSouffleWeapon,
  preparedAimNow,
  souffleFleeExchange,
  souffleGrappleExchange,
  souffleOpportunityExchange,
  UNDO_CHANGED_KEY,
  type SouffleAttackState,
  type SouffleFleeCardView,
  type SouffleOpportunityState,
} from '../../../../src/engine/souffle/exchange';
import { dice, fighter, none, side, sword, view } from './fixtures';

const runner = { actorUuid: 'Actor.runner', tokenUuid: '', name: 'Fuyard' };
const pursuer = { actorUuid: 'Actor.pursuer', tokenUuid: '', name: 'Traqueur' };

describe('Souffle grapple exchange (S-GR1)', () => {
  it('opposed 1d4 + vigueur, a long action spent; the GM applies the hold and may undo it', () => {
    const holder = side(fighter('Lutteur', { vigueur: 3 }), [], { turn: { posture: 'intrepide', spent: 0 } });
    let held = fighter('Chasseur', { vigueur: 1 });
    const opened = openSouffleGrapple(holder, side(held), dice(2, 3));
    expect(opened.state.result).toEqual({
      grabbed: true,
      automatic: false,
      attackerScore: 5,
      targetScore: 4,
    });
    expect(opened.effects).toEqual([{ type: 'budget', fighter: 'attacker', action: 'lutte' }]);
    const v = view(holder, side(held));
    expect(souffleGrappleExchange.actions('rolled', opened.state, v).map((a) => [a.id, a.side])).toEqual([
      ['apply', 'gm'],
    ]);
    const applied = takeAction(souffleGrappleExchange, 'rolled', opened.state, v, 'apply', 'gm', none());
    expect(applied.effects).toEqual([
      { type: 'condition', fighter: 'defender', status: 'agrippe', on: true },
    ]);
    held = applyFighterEffects(held, 'defender', applied.effects);
    const v2 = view(holder, side(held));
    const undone = takeAction(souffleGrappleExchange, 'held', applied.state, v2, 'undo', 'gm', none());
    expect(undone.step).toBe('rolled');
    expect(applyFighterEffects(held, 'defender', undone.effects).states).toEqual([]);
  });

  it('refused without a free hand or when prudent has one short action left for a long one', () => {
    const target = side(fighter('Chasseur'));
    const armed = side(fighter('Lutteur'), [{ ...WEAPONS.epeeDeuxMains!, id: 'great' }]);
    expect(() => openSouffleGrapple(armed, target, none())).toThrow(
      expect.objectContaining({ key: 'PDA.Error.SouffleGrappleHand' }),
    );
    const tired = side(fighter('Lutteur'), [], { turn: { posture: 'prudent', spent: 1 } });
    expect(() => openSouffleGrapple(tired, target, none())).toThrow(
      expect.objectContaining({ key: 'PDA.Error.SouffleNoActionLeft' }),
    );
  });

  it('the held fighter escapes once from the card, spending a long action; a later change blocks undo', () => {
    const holder = side(fighter('Lutteur', { vigueur: 1 }));
    const held = fighter('Chasseur', { vigueur: 2, states: [] });
    const opened = openSouffleGrapple(holder, side(held), dice(4, 1));
    const applied = takeAction(
      souffleGrappleExchange,
      'rolled',
      opened.state,
      view(holder, side(held)),
      'apply',
      'gm',
      none(),
    );
    const grabbed = applyFighterEffects(held, 'defender', applied.effects);
    // Held with no budget left this round: the escape is refused with the reason.
    const spent = view(holder, side(grabbed, [], { turn: { posture: 'prudent', spent: 1 } }));
    expect(
      souffleGrappleExchange.actions('held', applied.state, spent).find((a) => a.id === 'escape')?.refused,
    ).toMatchObject({
      key: 'PDA.Error.SouffleNoActionLeft',
    });
    const v = view(holder, side(grabbed, [], { turn: { posture: 'intrepide', spent: 0 } }));
    expect(() =>
      takeAction(souffleGrappleExchange, 'held', applied.state, v, 'escape', 'attacker', dice(4, 1)),
    ).toThrow(expect.objectContaining({ key: 'PDA.Error.CardNotYours' }));
    const escape = takeAction(
      souffleGrappleExchange,
      'held',
      applied.state,
      v,
      'escape',
      'defender',
      dice(4, 1),
    );
    expect(escape.step).toBe('escaped');
    expect(escape.effects).toEqual([
      { type: 'budget', fighter: 'defender', action: 'degagement' },
      { type: 'condition', fighter: 'defender', status: 'agrippe', on: false },
    ]);
    // Undo of the hold after the target changed (a wound from another card) is refused.
    const hurt = { ...grabbed, pv: { ...grabbed.pv, value: 6 } };
    expect(
      souffleGrappleExchange
        .actions('held', applied.state, view(holder, side(hurt)))
        .find((a) => a.id === 'undo')?.refused,
    ).toMatchObject({ key: UNDO_CHANGED_KEY, data: { field: 'pv.value' } });
  });
});

describe('Souffle aim exchange (S-AT7)', () => {
  it('a short action that prepares the next attack for the round; the attack must carry that one', () => {
    const archer = side(fighter('Archer'), [], { turn: { posture: 'intrepide', spent: 0 } });
    const opened = openSouffleAim(archer, 'viser');
    expect(opened.effects).toEqual([
      { type: 'budget', fighter: 'attacker', action: 'viser' },
      { type: 'condition', fighter: 'attacker', status: 'vise', on: true, data: { aim: 'viser' } },
    ]);
    expect(() =>
      openSouffleAim(side(fighter('Archer'), [], { turn: { posture: 'defensif', spent: 0 } }), 'viser'),
    ).toThrow(expect.objectContaining({ key: 'PDA.Error.SouffleNoActionLeft' }));
    expect(attackAim('viser', undefined, 'melee', true)).toBe('viser');
    expect(() => attackAim(undefined, 'desarmer', 'melee', true)).toThrow(
      expect.objectContaining({ key: 'PDA.Error.SouffleAimNotPrepared' }),
    );
    // Outside a counted round, preparing costs nothing: the attack may name it.
    expect(attackAim(undefined, 'assommer', 'melee', false)).toBe('assommer');
    expect(attackAim('feinte', 'feinte', 'ranged', true)).toBeUndefined();
  });

  it('an aim prepared in round 1 is gone in round 2', () => {
    const mark = { aim: 'viser', combatId: 'c1', round: 1 };
    expect(preparedAimNow(mark, 'c1', 1)).toBe('viser');
    expect(preparedAimNow(mark, 'c1', 2)).toBeUndefined();
    expect(preparedAimNow(mark, 'c2', 1)).toBeUndefined();
    expect(preparedAimNow('feinte', '', 0)).toBe('feinte');
  });
});

describe('Souffle flight exchange (S-FL1)', () => {
  const fleeView = (withPursuer = true): SouffleFleeCardView => ({
    ...view(side(fighter('Fuyard')), withPursuer ? side(fighter('Traqueur')) : undefined),
    runner,
    pursuers: withPursuer ? [pursuer] : [],
  });

  it('a hindered or slowed runner cannot flee; cornered, 3 + défense 2 = 5 misses 8: the GM picks the price', () => {
    const grabbed = side(fighter('Fuyard', { states: ['agrippe'] }));
    expect(() => openSouffleFlee(grabbed, 'libre', 8, false, none(), DEFAULT_OPTIONS)).toThrow(
      expect.objectContaining({ key: 'PDA.Error.SouffleHindered' }),
    );
    expect(() => openSouffleFlee(side(fighter('Fuyard')), 'libre', 8, true, none(), DEFAULT_OPTIONS)).toThrow(
      expect.objectContaining({ key: 'PDA.Error.SouffleSlowed' }),
    );
    const caught = openSouffleFlee(side(fighter('Fuyard')), 'coince', 8, false, dice(3, 7), DEFAULT_OPTIONS);
    expect(caught.step).toBe('caught');
    expect(caught.state.result).toMatchObject({ fled: false, score: 5, consequences: ['attaque', 'freine'] });
    const actions = souffleFleeExchange.actions('caught', caught.state, fleeView());
    expect(actions.map((a) => [a.id, a.side])).toEqual([
      ['attaque', 'gm'],
      ['freine', 'gm'],
    ]);
    expect(souffleFleeExchange.actions('caught', caught.state, fleeView(false))[0]?.refused?.key).toBe(
      'PDA.Souffle.Flee.NoFoe',
    );
    const attack = takeAction(
      souffleFleeExchange,
      'caught',
      caught.state,
      fleeView(),
      'attaque',
      'gm',
      none(),
    );
    expect(attack.effects).toEqual([
      {
        type: 'card',
        flow: 'souffle.opportunity',
        actor: 'attacker',
        targets: [],
        state: { provoker: runner, reason: 'fuite', foes: [pursuer], taken: [] },
      },
    ]);
    expect(souffleFleeExchange.actions(attack.step, attack.state, fleeView())).toEqual([]);
    const slowed = takeAction(
      souffleFleeExchange,
      'caught',
      caught.state,
      fleeView(),
      'freine',
      'gm',
      none(),
    );
    expect(slowed.effects).toEqual([
      { type: 'condition', fighter: 'attacker', status: 'freine', on: true, rounds: 1 },
    ]);
  });

  it('flanked, 6 + 2 reaches 8: fled, no price', () => {
    const fled = openSouffleFlee(side(fighter('Fuyard')), 'tenaille', 8, false, dice(9, 6), DEFAULT_OPTIONS);
    expect(fled.step).toBe('fled');
    expect(souffleFleeExchange.actions('fled', fled.state, fleeView())).toEqual([]);
  });
});

describe('Souffle opportunity exchange (S-AT6, S-MN2)', () => {
  const foeA = { actorUuid: 'Actor.a', tokenUuid: '', name: 'Garde' };
  const foeB = { actorUuid: 'Actor.b', tokenUuid: '', name: 'Brute' };
  const state: SouffleOpportunityState = {
    provoker: runner,
    reason: 'depart',
    foes: [foeA, foeB],
    taken: [],
  };
  const v = view(undefined, side(fighter('Fuyard')), {
    others: [side(fighter('Garde', { vigueur: 3 }), [sword('s1')]), side(fighter('Brute'))],
  });

  it('each foe strikes once with their first melee weapon (else bare hands), opening an attack card', () => {
    expect(souffleOpportunityExchange.actions('offered', state, v).map((a) => a.id)).toEqual([
      'strike0',
      'strike1',
    ]);
    const struck = takeAction(
      souffleOpportunityExchange,
      'offered',
      state,
      v,
      'strike0',
      'attacker',
      dice(5, 6),
    );
    const [card] = struck.effects;
    expect(card).toMatchObject({
      type: 'card',
      flow: 'souffle.attack',
      actor: 'target:0',
      targets: ['defender'],
      itemId: 's1',
    });
    const blow = (card as { state: SouffleAttackState }).state;
    expect(blow).toMatchObject({ attackerName: 'Garde', opportunity: true, attack: { weaponDamage: 3 } });
    expect(struck.state.taken).toEqual(['Actor.a']);
    const again = souffleOpportunityExchange.actions('offered', struck.state, v);
    expect(again[0]?.refused).toMatchObject({
      key: 'PDA.Souffle.Chat.Opportunity.Taken',
      data: { name: 'Garde' },
    });
    const bare = takeAction(
      souffleOpportunityExchange,
      'offered',
      struck.state,
      v,
      'strike1',
      'attacker',
      dice(2, 2),
    );
    expect(bare.effects[0]).toMatchObject({ itemId: '' });
    expect((bare.effects[0] as { state: SouffleAttackState }).state.attack.weapons[0]?.id).toBe('mainsNues');
  });

  it('picking up a weapon clears désarmé, spends a short action and opens the card; refused when armed', () => {
    const disarmed = side(fighter('Fuyard', { states: ['desarme'] }), [], {
      turn: { posture: 'prudent', spent: 0 },
    });
    const effects = pickUpSouffleWeapon(disarmed, runner, [foeA]);
    expect(effects).toEqual([
      { type: 'budget', fighter: 'attacker', action: 'ramasser' },
      { type: 'condition', fighter: 'attacker', status: 'desarme', on: false },
      {
        type: 'card',
        flow: 'souffle.opportunity',
        actor: 'attacker',
        targets: [],
        state: { provoker: runner, reason: 'ramasser', foes: [foeA], taken: [] },
      },
    ]);
    expect(() => pickUpSouffleWeapon(side(fighter('Fuyard')), runner, [])).toThrow(
      expect.objectContaining({ key: 'PDA.Error.SouffleNotDisarmed' }),
    );
  });

  it('a move leaves behind the foes within reach before and not after', () => {
    expect(leftBehind([foeA, foeB], [foeB], (a, b) => a.actorUuid === b.actorUuid)).toEqual([foeA]);
  });
});
