import { describe, expect, it } from 'vitest';
import { openGreyhawkAttack, DEFAULT_CHOICES } from '../../../../src/engine/greyhawk/exchange';
import { ScriptedDice } from '../../../../src/engine/dice/scripted';
import { d20 } from '../fixtures';
import { act, listed, open, view } from './helpers';

const d8 = (value: number) => ({ faces: 8, value });

describe('Greyhawk attack exchange: parries and shields of the round', () => {
  it('G-PA1 a blow the parry marked does nothing: the apply only takes the mark off, the undo puts it back', () => {
    const marked = { parried: true, parriedBy: 'Actor.gord', parrier: 'Drevin' };
    const v = view({ defenderConditions: marked });
    const card = open(v, {}, [d20(15), d8(6)]);
    expect(card.state.first?.damage?.total).toBe(7);
    const applied = act(card, v, 'apply', 'gm');
    expect(applied.state.applied).toMatchObject({ damage: 0, before: 30, after: 30, parriedBy: 'Drevin' });
    expect(applied.effects).toEqual([
      { type: 'condition', fighter: 'defender', status: 'parried', on: false },
    ]);
    expect(applied.undo).toEqual([
      {
        type: 'condition',
        fighter: 'defender',
        status: 'parried',
        on: true,
        rounds: 1,
        data: { by: 'Actor.gord', parrier: 'Drevin' },
      },
    ]);
    // A mark against someone else's blow stops nothing: 7 damage.
    const other = view({ defenderConditions: { ...marked, parriedBy: 'Actor.orc' } });
    const hit = act(open(other, {}, [d20(15), d8(6)]), other, 'apply', 'gm');
    expect(hit.state.applied).toMatchObject({ damage: 7, after: 23 });
  });

  it('G-PA4 a DMG parrier may not attack (nothing rolled); against him the AC is better by half his level + 1', () => {
    const refused = open(view({ round: { attackerDmgParry: true } }), {}, []);
    expect(refused.step).toBe('refused');
    expect(refused.state.refusal?.key).toBe('PDA.Error.Greyhawk.DmgParryOnly');
    // Brute, fighter 5: 2 + 1 = 3 points, AC 5 → 2: Gord needs 14; 13 misses.
    const card = open(view({ round: { defenderDmgParry: true } }), {}, [d20(13)]);
    expect(card.state.first?.attack.outcome).toBe('miss');
    expect(listed(card, view())).toEqual([]);
  });

  it('G-PA3 a broken weapon is refused; a ruined bow may not shoot, a ruined sword may still strike', () => {
    const broken = open(view({ weaponWear: { ruined: false, broken: true } }), {}, []);
    expect(broken.state.refusal?.key).toBe('PDA.Greyhawk.Parry.Refused.Broken');
    const sword = open(view({ weaponWear: { ruined: true, broken: false } }), {}, [d20(2)]);
    expect(sword.step).not.toBe('refused');
  });

  it('G-SH2 a braced halberd doubles its damage on the rusher, who is at AC +1 without his DEX bonus', () => {
    // Gord rushes (DEX 14: no bonus to lose): AC 5 → 6, the attacker needs 10; 10 hits.
    const rusher = open(view({ round: { defenderRushing: true } }), {}, [d20(10), d8(3)]);
    expect(rusher.state.first?.attack.outcome).toBe('hit');
    const braced = view({
      weapon: { ...view().weapon, brace: true },
      round: { attackerBracedAgainstDefender: true },
    });
    const blow = open(braced, {}, [d20(15), d8(3)]);
    // 1d8 3 + 1 STR = 4, doubled: 8.
    expect(blow.state.first?.damage?.total).toBe(8);
  });

  it("G-SH1 an off-hand punch (hit or miss) takes the shield's AC away: the card's opening effects say so", () => {
    const v = view({ attackerShield: 'small' });
    const missed = openEffects(v, [d20(2)]);
    expect(missed).toEqual([
      {
        type: 'condition',
        fighter: 'attacker',
        status: 'shieldPunched',
        on: true,
        rounds: 1,
        data: { untilNextAttack: false },
      },
    ]);
    // A defender whose shield punched gives no shield AC: AC 5 + 1 = 6, so 10 hits.
    const punched = view({ defenderShield: 'small', defenderConditions: { shieldPunched: true } });
    expect(open(punched, {}, [d20(10), d8(1)]).state.first?.attack.outcome).toBe('hit');
  });
});

/** The effects an off-hand punch's card opens with (written on the attacker as it opens). */
function openEffects(v: ReturnType<typeof view>, dice: { faces: number; value: number }[]) {
  const names = { attackerName: 'Gord', weaponName: 'Épée' };
  const choices = { ...DEFAULT_CHOICES, manoeuvre: 'shieldPunchOffHand' as const };
  return openGreyhawkAttack(v, choices, names, new ScriptedDice(dice)).effects;
}
