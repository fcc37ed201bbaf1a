import { describe, expect, it } from 'vitest';
import { actorSheetContext, itemSheetContext } from '../../../src/foundry/rulesets/fantasia/sheets/context';
import {
  sheetInputFromActor,
  type FantasiaActorLike,
} from '../../../src/foundry/rulesets/fantasia/sheets/actor-sheet';
import { installFantasia, makeActor, packDoc } from './helpers';

async function bretteur() {
  installFantasia();
  const doc = packDoc('fantasia-bestiaire', 'Bretteur');
  const actor = await makeActor('aventurier', doc.system, doc.items ?? [], doc.name);
  return actor as unknown as FantasiaActorLike & { statuses?: Set<string> };
}

describe('Fantasia sheet context', () => {
  it('lists characteristics, combat skills first, and the derived values', async () => {
    const actor = await bretteur();
    const ctx = actorSheetContext(sheetInputFromActor(actor, true, '<p>bio</p>'));
    expect(ctx.characteristics.map((c) => c.id)).toEqual(['FOR', 'CON', 'TAI', 'INT', 'DEX', 'CHA']);
    expect(ctx.characteristics[0]).toMatchObject({ value: 13, name: 'system.characteristics.FOR' });
    expect(ctx.combatSkills.map((s) => s.id)).toContain('armesDeMelee');
    expect(ctx.combatSkills.find((s) => s.id === 'armesDeMelee')).toMatchObject({ value: 65, trained: true });
    expect(ctx.otherSkills.find((s) => s.id === 'esquive')).toMatchObject({ value: 45 });
    expect(ctx.pv).toMatchObject({ value: 12, max: 12, source: null, ratio: 100 });
    expect(ctx.tabs.carac!.active).toBe(true);
  });

  it('F-D4 F-W7 weapons show drawn state, the shield its parry bonus, and Bagarre/Lutte are always there', async () => {
    const actor = await bretteur();
    const ctx = actorSheetContext(sheetInputFromActor(actor, true, ''));
    expect(ctx.weapons).toHaveLength(1);
    expect(ctx.weapons[0]).toMatchObject({
      name: 'Épée fantasque',
      damage: '1d6+1',
      drawn: true,
      skillValue: 65,
    });
    expect(ctx.unarmed.map((u) => u.id)).toEqual(['bagarre', 'lutte']);
    expect(ctx.shields[0]).toMatchObject({ value: 10, worn: true });
  });

  it('F-B6 a thrust shows as many crosses as its malus, filled up to the crosses earned', async () => {
    const actor = await bretteur();
    const ctx = actorSheetContext(sheetInputFromActor(actor, true, ''));
    const desarmement = ctx.bottes.find((b) => b.name === 'Désarmement')!;
    expect(desarmement).toMatchObject({ malus: 10, crosses: 3, needed: 10, mastered: false });
    expect(desarmement.marks.filter((m) => m.filled)).toHaveLength(3);
    expect(desarmement.marks).toHaveLength(10);
  });

  it('F-H6 a state set from the token HUD shows as active on the sheet', async () => {
    const actor = await bretteur();
    actor.statuses = new Set(['fallen']);
    const ctx = actorSheetContext(sheetInputFromActor(actor, false, ''));
    expect(ctx.states.toggles.find((s) => s.id === 'fallen')).toMatchObject({
      active: true,
      fromToken: true,
    });
    expect(ctx.editable).toBe(false);
  });

  it('item sheets get localized choices for their selects', () => {
    const ctx = itemSheetContext({
      item: { id: 'i1', name: 'Arc', img: '', type: 'arme' },
      system: { skill: 'armesDeTir', weapons: [] },
      editable: true,
      enrichedDescription: '',
    });
    expect(ctx.choices.skills.armesDeTir).toBe('PDA.FantasiaUI.Skill.armesDeTir');
    expect(ctx.typeLabel).toBe('TYPES.Item.arme');
  });
});
