import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import {
  applyDamage,
  arquebusIncident,
  breakFree,
  fantasiaOptions,
  lutteHold,
  lutteStrangle,
  lutteThrow,
  NO_DEFENCE,
  resolveArquebusMishap,
  resolveAttack,
  rollDamage,
  startArquebusReload,
  strangleRound,
  whipCriticalEffect,
  whipDisarm,
  whipPull,
  whipSlip,
  whipTrip,
  resolveFumble,
  fumbleOptions,
} from '../../../src/engine/fantasia';
import { fighter, W } from './helpers';

describe('unarmed combat', () => {
  const brawler = fighter({
    id: 'b',
    damageBonus: '1d4',
    weapons: [W.bagarre, W.lutte, W.gourdin],
    skills: { lutte: 60 },
  });
  const victim = fighter({ id: 'v', pv: { value: 10, max: 12 }, armour: 2 });

  it('F-U1 Bagarre hits for 1d3 plus the damage bonus', () => {
    const dice = new ScriptedDice([50, { faces: 6, value: 5 }, { faces: 4, value: 2 }]);
    const attack = resolveAttack({ attacker: brawler, defender: victim, weapon: W.bagarre }, dice);
    expect(attack.roll.target).toBe(50);
    const dmg = rollDamage(attack, brawler, victim, NO_DEFENCE, dice);
    expect(dmg.raw).toBe(3 + 2);
    expect(dmg.total).toBe(3);
  });

  it('F-U2 Lutte deals 2d3, each a d6 halved', () => {
    const dice = new ScriptedDice([
      20,
      { faces: 6, value: 5 },
      { faces: 6, value: 2 },
      { faces: 4, value: 1 },
    ]);
    const attack = resolveAttack({ attacker: brawler, defender: victim, weapon: W.lutte }, dice);
    const dmg = rollDamage(attack, brawler, victim, NO_DEFENCE, dice);
    expect(dmg.parts[0]?.dice).toEqual([3, 1]);
    expect(dmg.parts[0]?.total).toBe(4);
  });

  it('F-U3 Lutte throws down on a plain success, immobilises FOR vs FOR each round', () => {
    const dice = new ScriptedDice([40]);
    const attack = resolveAttack({ attacker: brawler, defender: victim, weapon: W.lutte }, dice);
    expect(lutteThrow(attack, victim).combatant.states.fallen).toBe(true);
    const strong = { ...brawler, characteristics: { ...brawler.characteristics, FOR: 14 } };
    const held = lutteHold(strong, victim, new ScriptedDice([60]));
    expect(held.roll.label).toBe('14 vs 12 → 60 %');
    expect(held.victim.combatant.states.immobilised).toEqual({ by: 'b' });
    const next = lutteHold(strong, held.victim.combatant, new ScriptedDice([61]));
    expect(next.victim.combatant.states.immobilised).toBeUndefined();
    const missed = resolveAttack(
      { attacker: brawler, defender: victim, weapon: W.lutte },
      new ScriptedDice([70]),
    );
    expect(() => lutteThrow(missed, victim)).toThrow(RulesError);
  });

  it('F-U3 a strangled victim breaks free with FOR vs FOR', () => {
    const attack = resolveAttack(
      { attacker: brawler, defender: victim, weapon: W.lutte },
      new ScriptedDice([40]),
    );
    const choked = lutteStrangle(attack, victim).combatant;
    expect(choked.states.strangled).toEqual({ by: 'b' });
    const holder = { ...brawler, characteristics: { ...brawler.characteristics, FOR: 16 } };
    const stay = breakFree(choked, holder, new ScriptedDice([31]));
    expect(stay.roll.chance).toBe(30);
    expect(stay.victim.combatant.states.strangled).toEqual({ by: 'b' });
    expect(
      breakFree(choked, holder, new ScriptedDice([30])).victim.combatant.states.strangled,
    ).toBeUndefined();
  });

  it('F-U3 each round a strangle hold deals the Lutte 2d3 as asphyxia: armour and damage bonus left out', () => {
    const attack = resolveAttack(
      { attacker: brawler, defender: victim, weapon: W.lutte },
      new ScriptedDice([40]),
    );
    const choked = lutteStrangle(attack, victim).combatant;
    // d6 4 → 2, d6 6 → 3: 5 asphyxia; armour 2 and the 1d4 bonus do not count.
    const round = strangleRound(
      choked,
      new ScriptedDice([
        { faces: 6, value: 4 },
        { faces: 6, value: 6 },
      ]),
    );
    expect(round.damage).toBe(5);
    expect(round.victim.combatant.pv.value).toBe(5);
    // Étranglement's hold adds its 1d3 to the 2d3.
    const botte = { ...choked, states: { ...choked.states, strangled: { by: 'b', extraDamage: '1d3' } } };
    const squeezed = strangleRound(
      botte,
      new ScriptedDice([
        { faces: 6, value: 1 },
        { faces: 6, value: 2 },
        { faces: 6, value: 6 },
      ]),
    );
    expect(squeezed.damage).toBe(1 + 1 + 3);
  });

  it('F-U4 a knock-out that wins on the resistance table: CON hours out, PV lose a third', () => {
    // Bagarre 1d3 (d6 6 → 3) + 1d4 (4) = 7 vs 10 PV → 35 %.
    const dice = new ScriptedDice([30, { faces: 6, value: 6 }, { faces: 4, value: 4 }, 35]);
    const attack = resolveAttack(
      { attacker: brawler, defender: victim, weapon: W.bagarre, knockOut: true },
      dice,
    );
    const dmg = rollDamage(attack, brawler, victim, NO_DEFENCE, dice);
    expect(dmg.knockOut?.label).toBe('7 vs 10 → 35 %');
    expect(dmg.knockOut?.success).toBe(true);
    expect(dmg.total).toBe(2);
    const out = applyDamage(victim, dmg).combatant;
    expect(out.states.unconscious).toEqual({ hours: 12 });
    expect(out.pv.value).toBe(8);
  });

  it('F-U4 a knock-out that loses lands as an ordinary blow (ruling), or does nothing (setting)', () => {
    const script = () => new ScriptedDice([30, { faces: 6, value: 6 }, { faces: 4, value: 4 }, 36]);
    let dice = script();
    const attack = resolveAttack(
      { attacker: brawler, defender: victim, weapon: W.bagarre, knockOut: true },
      dice,
    );
    const normal = rollDamage(attack, brawler, victim, NO_DEFENCE, dice);
    expect(normal.knockOut?.success).toBe(false);
    expect(normal.total).toBe(5);
    expect(normal.states.unconscious).toBeUndefined();
    dice = script();
    const o = fantasiaOptions({ knockOutFailure: 'noEffect' });
    const a2 = resolveAttack(
      { attacker: brawler, defender: victim, weapon: W.bagarre, knockOut: true },
      dice,
      o,
    );
    expect(rollDamage(a2, brawler, victim, NO_DEFENCE, dice, o).total).toBe(0);
  });

  it('F-U4 knocking out needs Bagarre, Lutte or a blunt weapon', () => {
    const withSword = { ...brawler, weapons: [W.epeeLongue] };
    expect(() =>
      resolveAttack(
        { attacker: withSword, defender: victim, weapon: W.epeeLongue, knockOut: true },
        new ScriptedDice([1]),
      ),
    ).toThrow(RulesError);
    expect(
      resolveAttack(
        { attacker: brawler, defender: victim, weapon: W.gourdin, knockOut: true },
        new ScriptedDice([1]),
      ).knockOut,
    ).toBe(true);
  });
});

describe('whip', () => {
  const lasher = fighter({ id: 'l', weapons: [W.fouet], skills: { armesDeMelee: 50 } });
  const foe = fighter({ id: 'f', characteristics: { FOR: 12, CON: 12, TAI: 10, INT: 10, DEX: 12, CHA: 10 } });

  it('F-W2 a whip hit deals 1d3 and wraps the foe', () => {
    const dice = new ScriptedDice([30, { faces: 6, value: 3 }]);
    const attack = resolveAttack({ attacker: lasher, defender: foe, weapon: W.fouet }, dice);
    const dmg = rollDamage(attack, lasher, foe, NO_DEFENCE, dice);
    expect(dmg.total).toBe(2);
    expect(dmg.offers.map((o) => o.id)).toEqual(['whipTrip', 'whipDisarm']);
    const wrapped = applyDamage(foe, dmg).combatant;
    expect(wrapped.states.entangled).toEqual({ by: 'l', weaponId: 'fouet' });
    const tripped = whipTrip(lasher, wrapped, new ScriptedDice([60]));
    expect(tripped.roll.label).toBe('12 vs 10 → 60 %');
    expect(tripped.victim.combatant.states.fallen).toBe(true);
    const disarm = whipDisarm(lasher, wrapped, new ScriptedDice([36]));
    expect(disarm.roll.target).toBe(36);
    expect(disarm.victim.combatant.states.disarmed).toEqual({ weaponId: 'epeeLongue' });
    // The lasher's DEX counts, not the victim's: DEX 15 × 3 = 45 against a DEX 8 victim.
    const deft = { ...lasher, characteristics: { ...lasher.characteristics, DEX: 15 } };
    const clumsy = { ...wrapped, characteristics: { ...wrapped.characteristics, DEX: 8 } };
    const far = whipDisarm(deft, clumsy, new ScriptedDice([45]));
    expect(far.roll.target).toBe(45);
    expect(far.victim.combatant.states.disarmed).toEqual({ weaponId: 'epeeLongue' });
    expect(() => whipTrip(lasher, foe, new ScriptedDice([1]))).toThrow(RulesError);
    // The lasher's FOR against the victim's TAI (the victim's own FOR 12 must not count).
    const strong = { ...lasher, characteristics: { ...lasher.characteristics, FOR: 15 } };
    expect(whipTrip(strong, wrapped, new ScriptedDice([75])).roll.label).toBe('15 vs 10 → 75 %');
  });

  it('F-W2 on a critical the attacker picks trip or disarm with no roll', () => {
    const dice = new ScriptedDice([2, { faces: 6, value: 1 }, { faces: 6, value: 1 }]);
    const attack = resolveAttack({ attacker: lasher, defender: foe, weapon: W.fouet }, dice);
    expect(rollDamage(attack, lasher, foe, NO_DEFENCE, dice).offers.map((o) => o.id)).toEqual(['whipChoose']);
    expect(whipCriticalEffect(attack, foe, 'disarm').combatant.states.disarmed).toEqual({
      weaponId: 'epeeLongue',
    });
  });

  it('F-W2 the victim pulls (FOR vs FOR; critical fells the attacker) or slips free (DEX vs FOR)', () => {
    // FOR, DEX and the holder's FOR all differ, so a swapped or wrong characteristic shows.
    const holder = { ...lasher, characteristics: { ...lasher.characteristics, FOR: 14, DEX: 8 } };
    const wrapped = {
      ...foe,
      characteristics: { ...foe.characteristics, FOR: 10, DEX: 16 },
      states: { entangled: { by: 'l', weaponId: 'fouet' } },
    };
    const pulled = whipPull(wrapped, holder, new ScriptedDice([4]));
    expect(pulled.roll.label).toBe('10 vs 14 → 30 %');
    expect(pulled.victim.combatant.states.entangled).toBeUndefined();
    expect(pulled.attacker.combatant.states).toEqual({ disarmed: { weaponId: 'fouet' }, fallen: true });
    const plain = whipPull(wrapped, holder, new ScriptedDice([30]));
    expect(plain.victim.combatant.states.entangled).toBeUndefined();
    expect(plain.attacker.combatant.states).toEqual({ disarmed: { weaponId: 'fouet' } });
    const held = whipPull(wrapped, holder, new ScriptedDice([31]));
    expect(held.victim.combatant.states.entangled).toEqual({ by: 'l', weaponId: 'fouet' });
    expect(held.attacker.combatant.states).toEqual({});
    const slip = whipSlip(wrapped, holder, new ScriptedDice([61]));
    expect(slip.roll.label).toBe('16 vs 14 → 60 %');
    expect(slip.victim.combatant.states.entangled).toEqual({ by: 'l', weaponId: 'fouet' });
    expect(
      whipSlip(wrapped, holder, new ScriptedDice([60])).victim.combatant.states.entangled,
    ).toBeUndefined();
  });
});

describe('arquebus', () => {
  const gunner = fighter({ id: 'g', weapons: [W.arquebuse], skills: { armesAFeu: 40 } });
  const target = fighter({ id: 't' });

  it('F-W6 needs FOR 15 to fire alone', () => {
    expect(() =>
      resolveAttack({ attacker: gunner, defender: target, weapon: W.arquebuse }, new ScriptedDice([1])),
    ).toThrow(RulesError);
    const shot = resolveAttack(
      { attacker: gunner, defender: target, weapon: W.arquebuse, assisted: true },
      new ScriptedDice([50]),
    );
    expect(shot.firearmMishap).toBe(true);
    expect(shot.attackerAfter?.weapons?.[0]?.loaded).toBe(false);
  });

  it('F-W6 failed shot: Chance roll, then the incident table; too much powder doubles 1d4+3', () => {
    const m = resolveArquebusMishap(gunner, 'arquebuse', new ScriptedDice([51, 80]));
    expect(m.chance.target).toBe(50);
    expect(m.incident).toBe('tooMuchPowder');
    expect(m.reloadDoubled).toBe(true);
    const r = startArquebusReload(
      gunner,
      'arquebuse',
      new ScriptedDice([{ faces: 4, value: 2 }]),
      m.reloadDoubled,
    );
    expect(r.rounds).toBe(10);
    expect(r.combatant.states.arquebusReload?.roundsLeft).toBe(10);
    expect(resolveArquebusMishap(gunner, 'arquebuse', new ScriptedDice([50])).incident).toBeUndefined();
  });

  it('F-W6 incident table bands 01–50 / 51–70 / 71–94 / 95–00; a burst costs 1d6 and the gun', () => {
    expect([1, 50, 51, 70, 71, 94, 95, 100].map(arquebusIncident)).toEqual([
      'miss',
      'miss',
      'littlePowder',
      'littlePowder',
      'tooMuchPowder',
      'tooMuchPowder',
      'burst',
      'burst',
    ]);
    const burst = resolveArquebusMishap(
      gunner,
      'arquebuse',
      new ScriptedDice([90, 95, { faces: 6, value: 4 }]),
    );
    expect(burst.burstDamage).toBe(4);
    expect(burst.applied.combatant.pv.value).toBe(8);
    expect(burst.applied.combatant.states.weaponBroken).toEqual(['arquebuse']);
  });

  it('F-W6 a fumbled arquebus shot goes through the same Chance roll', () => {
    const strong = { ...gunner, characteristics: { ...gunner.characteristics, FOR: 15 } };
    const shot = resolveAttack(
      { attacker: strong, defender: target, weapon: W.arquebuse },
      new ScriptedDice([99]),
    );
    expect(fumbleOptions(shot).map((o) => o.id)).toEqual(['arquebusChance']);
    const out = resolveFumble(shot, 'arquebusChance', { attacker: strong }, new ScriptedDice([20]));
    expect(out.arquebus?.chance.success).toBe(true);
  });
});
