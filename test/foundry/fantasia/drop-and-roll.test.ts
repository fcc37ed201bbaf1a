import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { resolveAttack } from '../../../src/engine/fantasia/attack';
import { rollDamage } from '../../../src/engine/fantasia/damage';
import type { FantasiaCombatant } from '../../../src/engine/fantasia/types';
import type { DieRoller } from '../../../src/foundry/dice/roll-dice';
import { fantasiaPreCreateItem, rollSkill } from '../../../src/foundry/rulesets/fantasia';
import { rollSimpleAttack } from '../../../src/foundry/rulesets/fantasia/rolls';
import { FakeChatMessage, FakeItem, world } from '../../fakes/foundry';
import { installFantasia, makeActor, packDoc } from './helpers';

function engineOf(actor: { system: unknown }): FantasiaCombatant {
  return (actor.system as { toEngine(): FantasiaCombatant }).toEngine();
}

/** A DieRoller that hands out scripted faces (no Foundry Roll). */
function scriptedRoller(values: number[]): DieRoller {
  return async (faces) => {
    const value = values.shift();
    if (value === undefined || value > faces) throw new Error(`no scripted d${faces}`);
    return { value, roll: null };
  };
}

describe('a compendium weapon dropped on an actor', () => {
  it('F-R10 F-H2 F-H3 a dropped sword must be drawn, then hits for 1d6+2 minus armour', async () => {
    installFantasia();
    const sword = packDoc('fantasia-armes', 'Épée longue');
    const mail = packDoc('fantasia-equipement', 'Cuir épais');
    const attacker = await makeActor('aventurier', {
      characteristics: { FOR: 12, TAI: 12 },
      skills: { armesDeMelee: 50 },
    });
    const defender = await makeActor('pnj', {}, [mail], 'Brigand');
    const [item] = await attacker.createEmbeddedDocuments('Item', [sword]);
    const weaponId = (item as FakeItem).id;

    const input = () => ({
      attacker: engineOf(attacker),
      defender: engineOf(defender),
      weapon: engineOf(attacker).weapons!.find((w) => w.id === weaponId)!,
    });
    expect(() => resolveAttack(input(), new ScriptedDice([30]))).toThrow('PDA.Error.NotReady');

    await (item as FakeItem).update({ 'system.drawn': true });
    const dice = new ScriptedDice([30, 4]);
    const attack = resolveAttack(input(), dice);
    expect(attack.hit).toBe(true);
    const damage = rollDamage(attack, engineOf(attacker), engineOf(defender), undefined, dice);
    expect(damage.raw).toBe(6); // 4 + 2, no damage bonus at FOR + TAI 24
    expect(damage.total).toBe(4); // thick leather stops 2
    expect(dice.remaining).toBe(0);
  });

  it('an item of another ruleset is refused on a Fantasia actor', async () => {
    installFantasia();
    const actor = await makeActor('aventurier');
    const foreign = { type: 'greyhawkWeapon', parent: { documentName: 'Actor', type: 'aventurier' } };
    expect(fantasiaPreCreateItem(foreign)).toBe(false);
    expect(world.notifications.at(-1)?.level).toBe('warn');
    const own = { type: 'arme', parent: { documentName: 'Actor', type: actor.type } };
    expect(fantasiaPreCreateItem(own)).toBeUndefined();
  });

  it('F-H5 a skill roll of 03 is a critical success, posted to the chat with its rule', async () => {
    installFantasia();
    const actor = await makeActor('aventurier', { skills: { esquive: 40 } });
    const result = await rollSkill(actor as never, 'esquive', scriptedRoller([3]));
    expect(result?.outcome).toBe('critical');
    expect(result?.rule).toEqual(['F-D1', 'F-H5']);
    expect(FakeChatMessage.created).toHaveLength(1);
  });

  it('F-H9 a skill roll of 97 is a fumble under the default range', async () => {
    installFantasia();
    const actor = await makeActor('aventurier', { skills: { bricolage: 99 } });
    const result = await rollSkill(actor as never, 'bricolage', scriptedRoller([97]));
    expect(result?.outcome).toBe('fumble');
  });

  it('F-H4 the simple attack card adds the damage bonus in melee', async () => {
    installFantasia();
    const actor = await makeActor(
      'aventurier',
      { characteristics: { FOR: 16, TAI: 14 }, skills: { armesDeMelee: 60 } },
      [
        {
          ...packDoc('fantasia-armes', 'Dague'),
          system: { ...packDoc('fantasia-armes', 'Dague').system, drawn: true },
        },
      ],
    );
    const daggerId = [...actor.items.values()][0]!.id;
    // d100 40 hits; d4 3 + 2 = 5; bonus +1d4 (FOR + TAI 30) rolls 2.
    const result = await rollSimpleAttack(actor as never, daggerId, scriptedRoller([40, 3, 2]));
    expect(result?.damage?.total).toBe(5);
    expect(result?.bonus?.total).toBe(2);
  });
});
