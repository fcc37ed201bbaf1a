/**
 * Shared steps of the Souffle table tests: the S-AT3 warrior (Alice) and the S-AT5 hunter (Bruno)
 * from the compendium, side by side on the scene, and the round up to the actions step.
 */
import { Table, type Seat } from '../harness/table';

export const text = (el: Element | null | undefined): string =>
  (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
export const WARRIOR = "Gardien du Waka'Hata";

export interface SouffleDuel {
  readonly table: Table;
  readonly gm: Seat;
  readonly alice: Seat;
  readonly bruno: Seat;
}

/** The two fighters imported for their players, tokens adjacent. */
export async function souffleDuel(settings?: Readonly<Record<string, unknown>>): Promise<SouffleDuel> {
  const table = await Table.open({ ruleset: 'souffle', ...(settings ? { settings } : {}) });
  await table.importActor('souffle-combattants', WARRIOR, 'Alice');
  await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
  await table.placeToken(WARRIOR, 1, 1);
  await table.placeToken('Chasseur', 2, 1);
  return { table, gm: table.gm, alice: table.seat('Alice'), bruno: table.seat('Bruno') };
}

/**
 * The duel as an encounter: trackers open, the GM starts the fight with these initiative dice
 * (warrior, hunter), and each player picks a posture from their tracker; `startPasses` moves on
 * to the actions step.
 */
export async function souffleRound(
  postures: readonly [string, string] | null,
  initiative: readonly [number, number] = [9, 4],
  startPasses = true,
  settings?: Readonly<Record<string, unknown>>,
): Promise<SouffleDuel> {
  const duel = await souffleDuel(settings);
  const { table, gm, alice, bruno } = duel;
  await table.startEncounter(WARRIOR, 'Chasseur');
  for (const s of [gm, alice, bruno]) await s.openTracker();
  table.dice.push([12, initiative[0]], [12, initiative[1]]);
  await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
  if (!postures) return duel;
  await alice.click('[data-action="pdaDeclare"]', alice.tracker);
  await alice.answerDialog({}, postures[0]);
  await bruno.click('[data-action="pdaDeclare"]', bruno.tracker);
  await bruno.answerDialog({}, postures[1]);
  if (startPasses) await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
  return duel;
}

/**
 * The GM closes every slot still open this round (however many closed themselves, issue 46),
 * so that « Round suivant » is next.
 */
export async function closeOpenSlots(gm: Seat): Promise<void> {
  for (let i = 0; i < 20 && gm.tracker.querySelector('[data-action="pdaNextSlot"]'); i++)
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
}

/** The GM closes slots until the current one is `name`'s (slots may have closed themselves). */
export async function nextSlotsUntil(gm: Seat, name: string): Promise<void> {
  const current = () => text(gm.tracker.querySelector('li.active'));
  for (let i = 0; i < 20 && !current().includes(name); i++)
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
  if (!current().includes(name)) throw new Error(`${name}'s slot never became current`);
}

/** The GM closes the current slot `n` times: the turn moves on in initiative order (S-R1). */
export async function nextSlots(gm: Seat, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
}

/** The GM's brigand: a club (light, blunt, one hand), human size. */
export function brigand(name = 'Brigand') {
  return {
    name,
    type: 'combattant',
    system: {
      geste: 2,
      vigueur: 2,
      acuite: 2,
      defense: 2,
      initiative: 2,
      metiers: [{ name: 'Brigand', level: 1 }],
    },
    items: [
      {
        name: 'Gourdin',
        type: 'arme-souffle',
        system: {
          catalogue: 'gourdin',
          category: 'legere',
          advantage: 1,
          damage: 1,
          blunt: true,
          hands: 1,
          equipped: true,
        },
      },
    ],
  };
}
