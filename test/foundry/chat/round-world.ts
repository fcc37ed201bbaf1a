/**
 * A Fantasia round kept by Combat/Combatant fakes whose combatants are the chat tests' actors: the
 * attack card reads declarations, budgets and readiness from these documents through the
 * Combat-backed round provider. Every write to the combat or a combatant must happen as the GM.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- reaching into the fake globals */
import { GM, type Requester } from '../../../src/engine/round/types';
import { setFantasiaRoundProvider } from '../../../src/foundry/rulesets/fantasia/cards/round-context';
import { registerRoundAdapter, requesterFor } from '../../../src/foundry/combat/adapter';
import { combatRoundProvider } from '../../../src/foundry/rulesets/fantasia/round/chat-round';
import { fantasiaRoundAdapter } from '../../../src/foundry/rulesets/fantasia/round/adapter';
import {
  registerRoundQueries,
  runRoundCommand,
  type RoundCommand,
} from '../../../src/foundry/combat/service';
import type { DieRoller } from '../../../src/foundry/dice/roll-dice';
import { FakeRoundCombat, FakeRoundCombatant, readinessOfItems } from '../combat/fakes';
import type { TestActor } from './helpers';

const g = globalThis as any;

function mustBeGM(what: string): void {
  if (!g.game.user?.isGM) throw new Error(`${what} written by a player client`);
}

export class CardCombatant extends FakeRoundCombatant {
  readonly combatId: string;
  readonly documentName: string;
  constructor(combatId: string, actor: TestActor, dex: number) {
    super({ id: `c-${actor.id}`, name: actor.name, kind: 'aventurier', dex, owners: [...actor.ownerIds] });
    this.combatId = combatId;
    this.documentName = 'Combatant';
    this.actor = actor as never;
  }
  get uuid(): string {
    return `Combat.${this.combatId}.Combatant.${this.id}`;
  }
  async update(changes: { system?: Record<string, unknown> }): Promise<this> {
    mustBeGM(`Combatant ${this.name}`);
    const patch = structuredClone(changes.system ?? {}) as Partial<CardCombatant['system']>;
    this.system = { ...this.system, ...patch };
    return this;
  }
}

export class CardCombat extends FakeRoundCombat {
  override system = { ...new FakeRoundCombat([]).system, thrustMemory: [] as string[] };
  readonly documentName = 'Combat';
  get uuid(): string {
    return `Combat.${this.id}`;
  }
  get(id: string): CardCombatant | undefined {
    return this.list.find((c) => c.id === id) as CardCombatant | undefined;
  }
  of(actor: TestActor): CardCombatant {
    const c = this.list.find((x) => x.actor === (actor as never));
    if (!c) throw new Error(`${actor.name} is not in the combat`);
    return c as CardCombatant;
  }
  override async update(data: Record<string, unknown>): Promise<this> {
    mustBeGM('Combat');
    return super.update(data);
  }
  override async updateEmbeddedDocuments(name: 'Combatant', updates: Record<string, unknown>[]) {
    mustBeGM('Combatants');
    return super.updateEmbeddedDocuments(name, updates);
  }
}

/** Foundry dice stand-in for round transitions (tie-breaks, reload countdowns). */
export function roller(values: number[]): DieRoller {
  return (async () => {
    const value = values.shift();
    if (value === undefined) throw new Error('no die left');
    return { value, roll: null };
  }) as DieRoller;
}

/** A combat of these fighters (DEX as given), registered in game.combats, round not started. */
export function roundCombat(fighters: [TestActor, number][]): CardCombat {
  registerRoundAdapter(fantasiaRoundAdapter);
  registerRoundQueries();
  setFantasiaRoundProvider(combatRoundProvider);
  g.game.settings.set('passe-d-armes', 'ruleset', 'fantasia');
  const combat = new CardCombat([]);
  for (const [actor, dex] of fighters) {
    // The round reads DEX from the actor (F-R2).
    actor.base = { ...actor.base, characteristics: { ...actor.base.characteristics, DEX: dex } };
    combat.list.push(new CardCombatant(combat.id, actor, dex));
  }
  g.game.combats.set(combat.id, combat);
  const previous = g.fromUuidSync;
  g.fromUuidSync = (uuid: string) => {
    const parts = uuid.split('.');
    if (parts[0] === 'Combat' && parts[1] === combat.id) return parts[3] ? combat.get(parts[3]) : combat;
    return previous(uuid);
  };
  return combat;
}

/** Runs a round command as the GM (or as `by`), with dice for any roll it needs. */
export async function command(
  combat: CardCombat,
  cmd: RoundCommand,
  by: Requester = GM,
  dice: number[] = [],
): Promise<void> {
  const caller = g.game.user;
  g.game.user = g.game.users.find((u: any) => u.isGM);
  try {
    await runRoundCommand(combat, by, cmd, roller(dice));
  } finally {
    g.game.user = caller;
  }
}

/** The requester a Foundry user is for this combat. */
export function requester(combat: CardCombat, user: { id: string; isGM: boolean }): Requester {
  return requesterFor(combat, user as never);
}

/** The current slot of the round. */
export function currentSlot(combat: CardCombat): { id: string; combatantId: string; action: string } {
  const slot = combat.system.slots[combat.system.slotIndex] as
    { id: string; combatantId: string; action: string } | undefined;
  if (!slot) throw new Error('no current slot');
  return slot;
}

/** A combatant's weapon readiness, as its actor's weapon items hold it. */
export function readiness(c: CardCombatant): any {
  return readinessOfItems(c.actor);
}

export function budgets(c: CardCombatant): any {
  // The round reads a combatant's budgets from the Combat's GM-only copy (combat/store.ts).
  const sealed = (globalThis as any).game?.combats?.get(c.combatId)?.system?.sealed?.budgets?.[c.id];
  return JSON.parse((typeof sealed === 'string' ? sealed : c.system.budgets) || '{}');
}
