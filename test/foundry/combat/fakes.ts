import type { CombatLike, CombatantLike } from '../../../src/foundry/combat/adapter';
import type { FantasiaCombatant, FantasiaWeapon } from '../../../src/engine/fantasia/types';
import { FakeCollection } from '../../fakes/foundry';

/**
 * Small explicit fakes of a Combat and its Combatants, shaped like the adapter's CombatLike: they
 * store what the adapter writes (system data replaced by field, initiative, round, turn).
 */

export interface FakeCombatantInit {
  id: string;
  name: string;
  kind: 'aventurier' | 'pnj';
  dex: number;
  int?: number;
  weapons?: FantasiaWeapon[];
  owners?: string[];
  surprised?: boolean;
  hidden?: boolean;
}

interface WeaponItem {
  id: string;
  type: string;
  system: { drawn: boolean; loaded: boolean; reloadRoundsLeft: number | null };
}

/** The readiness an actor's weapon items hold, in the round's shape. */
export function readinessOfItems(actor: unknown): {
  weapons: Record<string, { ready: boolean; loaded: boolean; reloadRoundsLeft?: number }>;
} {
  const weapons: Record<string, { ready: boolean; loaded: boolean; reloadRoundsLeft?: number }> = {};
  const items = (actor as { items?: Map<string, WeaponItem> } | null)?.items;
  const list = [...(items?.values() ?? [])];
  for (const item of list) {
    if (item.type !== 'arme') continue;
    const left = item.system.reloadRoundsLeft;
    weapons[item.id] = {
      ready: item.system.drawn,
      loaded: item.system.loaded,
      ...(typeof left === 'number' && left > 0 ? { reloadRoundsLeft: left } : {}),
    };
  }
  return { weapons };
}

export class FakeRoundCombatant implements CombatantLike {
  id: string;
  name: string;
  img = '';
  hidden: boolean;
  defeated = false;
  initiative: number | null = null;
  owners: Set<string>;
  system = { declaration: '', readiness: '', budgets: '', surprised: false };
  actor: Actor.Implementation | null;

  constructor(init: FakeCombatantInit) {
    this.id = init.id;
    this.name = init.name;
    this.hidden = init.hidden ?? false;
    this.owners = new Set(init.owners ?? []);
    this.system.surprised = init.surprised ?? false;
    const view: FantasiaCombatant = {
      id: `actor-${init.id}`,
      name: `Actor ${init.name}`,
      kind: init.kind,
      characteristics: { FOR: 12, CON: 12, TAI: 12, INT: init.int ?? 10, DEX: init.dex, CHA: 10 },
      pv: { value: 12, max: 12 },
      mouvement: 8,
      damageBonus: '',
      armour: 0,
      skills: {},
      states: {},
      weapons: init.weapons ?? [],
    };
    // Each weapon is an item whose drawn/loaded flags are its readiness (the one place it lives).
    const items = new FakeCollection<WeaponItem>();
    for (const w of view.weapons ?? [])
      items.set(w.id, {
        id: w.id,
        type: 'arme',
        system: { drawn: w.ready, loaded: w.loaded, reloadRoundsLeft: null },
      });
    const engineView = () => ({
      ...view,
      weapons: (view.weapons ?? []).map((w) => {
        const s = items.get(w.id)?.system;
        return s ? { ...w, ready: s.drawn, loaded: s.loaded } : w;
      }),
    });
    this.actor = {
      engineView,
      items,
      async updateEmbeddedDocuments(
        _name: string,
        updates: { _id: string; system: Partial<WeaponItem['system']> }[],
      ) {
        for (const u of structuredClone(updates)) {
          const item = items.get(u._id);
          if (!item) throw new Error(`no item ${u._id}`);
          item.system = { ...item.system, ...u.system };
        }
        return updates;
      },
    } as unknown as Actor.Implementation;
  }

  /** The weapons' readiness as their items hold it, in the round's shape. */
  get weaponReadiness(): {
    weapons: Record<string, { ready: boolean; loaded: boolean; reloadRoundsLeft?: number }>;
  } {
    return readinessOfItems(this.actor);
  }

  testUserPermission(user: User.Implementation): boolean {
    return user.isGM || this.owners.has(user.id ?? '');
  }
}

export class FakeRoundCombat implements CombatLike {
  id = 'combat1';
  round = 0;
  turn: number | null = null;
  system = {
    rules: '',
    step: '',
    pass: null as number | null,
    slotIndex: -1,
    slots: [] as object[],
    order: [] as object[],
    out: [] as string[],
    surprised: [] as string[],
  };
  writes = 0;
  readonly list: FakeRoundCombatant[];

  constructor(combatants: FakeRoundCombatant[]) {
    this.list = combatants;
    // The GM's surprise marks live on the Combat (F-R10).
    this.system.surprised = combatants.filter((c) => c.system.surprised).map((c) => c.id);
  }

  get combatants(): Iterable<FakeRoundCombatant> {
    return this.list;
  }

  async update(data: Record<string, unknown>): Promise<this> {
    this.writes += 1;
    const d = structuredClone(data) as {
      round?: number;
      turn?: number | null;
      system?: Partial<FakeRoundCombat['system']>;
    };
    if (d.round !== undefined) this.round = d.round;
    if (d.turn !== undefined) this.turn = d.turn;
    if (d.system) this.system = { ...this.system, ...d.system };
    return this;
  }

  async updateEmbeddedDocuments(_name: 'Combatant', updates: Record<string, unknown>[]): Promise<unknown[]> {
    this.writes += 1;
    for (const u of structuredClone(updates) as {
      _id: string;
      initiative?: number | null;
      system?: object;
    }[]) {
      const c = this.list.find((x) => x.id === u._id);
      if (!c) throw new Error(`no combatant ${u._id}`);
      if (u.initiative !== undefined) c.initiative = u.initiative;
      if (u.system) c.system = { ...c.system, ...u.system };
    }
    return updates;
  }
}

export const user = (id: string, isGM = false): User.Implementation =>
  ({ id, isGM, name: id }) as unknown as User.Implementation;
