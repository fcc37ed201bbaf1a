import { attacksPerTwoRounds, proficiencyStatus } from '../../../../engine/greyhawk/character';
import { WEAPONS } from '../../../../engine/greyhawk/data';
import type { GreyhawkCharacter, GreyhawkWeapon } from '../../../../engine/greyhawk/types';
import type { GreyhawkDerived } from '../models/actors';
import { MASTERY_RANKS, STYLE_IDS } from '../models/actors';

/*
 * Pure context builders of the Greyhawk sheets: the template gets ready-to-print values and
 * localization keys, so the sheet classes stay thin and the logic is testable without Foundry.
 */

export interface GreyhawkSheetInput {
  readonly actor: { readonly id: string; readonly name: string; readonly img: string; readonly type: string };
  readonly system: Record<string, unknown>;
  readonly character: GreyhawkCharacter;
  readonly derived: GreyhawkDerived;
  readonly weapons: readonly (GreyhawkWeapon & { readonly equipped: boolean; readonly img: string })[];
  readonly editable: boolean;
  readonly enrichedBiography: string;
}

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** Attacks per two rounds as the PHB prints them: 2 → "1/1", 3 → "3/2", 4 → "2/1". */
export function rateLabel(perTwoRounds: number): string {
  return perTwoRounds % 2 === 0 ? `${perTwoRounds / 2}/1` : `${perTwoRounds}/2`;
}

export function actorSheetContext(input: GreyhawkSheetInput) {
  const c = input.character;
  const monster = input.actor.type === 'monstre-adnd';
  return {
    actor: input.actor,
    system: input.system,
    editable: input.editable,
    monster,
    enrichedBiography: input.enrichedBiography,
    derived: {
      thac0: input.derived.thac0,
      strHit: signed(input.derived.strHit),
      strDamage: signed(input.derived.strDamage),
      dexReaction: signed(input.derived.dexReaction),
      dexMissile: signed(input.derived.dexMissile),
      dexDefence: signed(input.derived.dexDefence),
      slots: input.derived.slots,
      overSpent: input.derived.slots.spent > input.derived.slots.weapon || input.derived.slots.spent < 0,
      rate: rateLabel(input.derived.attacksPerTwoRounds),
    },
    classes: c.classes.map((k, index) => ({
      index,
      cls: k.cls,
      level: k.level,
      label: `PDA.Greyhawk.Class.${k.cls}`,
    })),
    weapons: input.weapons.map((w) => {
      const status = monster ? 'proficient' : proficiencyStatus(c, w.base);
      const rank = c.mastery?.[w.base]?.rank;
      return {
        id: w.id,
        name: w.name,
        img: w.img,
        equipped: w.equipped,
        speed: w.speed,
        damage: `${w.damageSM} / ${w.damageL}`,
        magic: w.magic ? signed(w.magic) : '',
        proficiencyLabel: `PDA.Greyhawk.Proficiency.${status}`,
        masteryLabel: rank ? `PDA.Greyhawk.Mastery.${rank}` : '',
        choice: c.weaponOfChoice === w.base,
        rate: rateLabel(monster ? input.derived.attacksPerTwoRounds : attacksPerTwoRounds(c, w)),
      };
    }),
    proficiencies: c.proficiencies.map((p) => ({ id: p, known: p in WEAPONS })),
    mastery: Object.entries(c.mastery ?? {}).map(([weapon, m]) => ({
      weapon,
      rankLabel: `PDA.Greyhawk.Mastery.${m.rank}`,
      since: m.since,
    })),
    styles: STYLE_IDS.map((s) => ({
      id: s,
      label: `PDA.Greyhawk.Style.${s}`,
      slots: c.styles?.[s] ?? null,
    })),
    shields: ['', 'buckler', 'small', 'medium', 'large'].map((id) => ({
      id,
      label: `PDA.Greyhawk.Shield.${id || 'none'}`,
      selected: (input.system.shield ?? '') === id,
    })),
    ranks: MASTERY_RANKS.map((r) => ({ id: r, label: `PDA.Greyhawk.Mastery.${r}` })),
  };
}
