/**
 * Greyhawk parries at the table (issue 15, G-PA1..G-PA4): the parry card opened from the sheet,
 * kept for one attacker and used on another, a polearm parrying for a neighbour, a bow ruined by
 * a parry, and the DMG parry declared in the tracker whose AC bonus the attack cards apply.
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { attackFromSheet, nextRound, refusedFromSheet, startRound, text } from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const DREVIN = "Drevin, spécialiste de l'épée longue";
const KAEL = 'Kael, archer spécialiste';
const AYLA = 'Ayla, rôdeuse aux deux lames';

const statuses = (actor: any): string[] => [...actor.statuses].sort();

/** The player opens the parry card from the weapon row of the sheet and answers its dialog. */
async function parryFromSheet(
  seat: Seat,
  actorName: string,
  weaponName: string,
  answers: Record<string, string> = {},
): Promise<HTMLElement> {
  const sheet = await seat.openSheet(seat.actor(actorName));
  const weaponsTab = sheet.querySelector('[data-tab="weapons"]');
  if (weaponsTab) await seat.click(weaponsTab);
  const row = [...seat.actor(actorName).sheet.element.querySelectorAll('tr[data-item-id]')].find((r: any) =>
    r.textContent?.includes(weaponName),
  );
  if (!row) throw new Error(`${actorName} has no weapon row ${weaponName}`);
  await seat.click('[data-action="parry"]', row as Element);
  await seat.answerDialog(answers);
  // A refused parry posts nothing, and the log may then be empty (the round's dice are whispered
  // to the GMs): callers that expect a card read it, the others check the notification.
  return seat.messages().at(-1) as HTMLElement;
}

/** The chat card (as this person's log shows it) whose text contains `title`, the newest. */
function card(seat: Seat, title: string): HTMLElement {
  const found = seat.messages().filter((m) => text(m).includes(title));
  const last = found[found.length - 1];
  if (!last) throw new Error(`${seat.name} sees no card ${title}`);
  return last;
}

async function arena(table: Table, fighters: readonly [string, string | undefined][]) {
  for (const [name, owner] of fighters)
    if (!table.gm.game.actors.getName(name)) await table.importActor('greyhawk-bestiaire', name, owner);
  for (const [i, [name]] of fighters.entries())
    await table.placeToken(name, i === 0 ? 0 : 1, i === 0 ? 0 : i - 1);
  const combat = await table.startEncounter(...fighters.map(([n]) => n));
  await startRound(table);
  return combat;
}

describe('Greyhawk parries', () => {
  it('G-PA1 Drevin keeps his parry for the ogre, who never comes; he cannot reach back to the orc, and parries the gnoll', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const gm = table.gm;
    await arena(table, [
      [DREVIN, 'Alice'],
      ['Orque', undefined],
      ['Gnoll', undefined],
      ['Ogre', undefined],
    ]);
    await parryFromSheet(alice, DREVIN, 'Épée longue');
    expect(text(card(alice, 'Parade de Drevin'))).toContain('Une parade disponible (round 1). G-PA1');
    // Alice asked; the GM opened and wrote the card.
    const parryMessage = gm.game.messages.contents.find((m: any) => m.system.flow === 'greyhawk.parry');
    expect(parryMessage.author.id).toBe(gm.user.id);
    await alice.press('Garder pour Ogre', card(alice, 'Parade de Drevin'));
    expect(text(card(alice, 'Parade de Drevin'))).toContain('Parade gardée pour Ogre. G-PA1');

    // The orc strikes first: THAC0 19 vs AC 3 needs 16; 17 hits, 1d8 5.
    await gm.target(DREVIN);
    table.dice.push([20, 17], [8, 5]);
    await attackFromSheet(gm, 'Orque', 'Hache de bataille');
    // Drevin may parry it now, but keeps his parry for the ogre: the GM applies the blow.
    const offered = alice
      .buttons(card(alice, 'Parade de Drevin'))
      .find((b) => b.label.startsWith('Parer Orque'));
    expect(offered?.enabled).toBe(true);
    const hpBefore = gm.actor(DREVIN).system.hp.value;
    await gm.press('Appliquer', card(gm, 'Hache de bataille'));
    expect(gm.actor(DREVIN).system.hp.value).toBe(hpBefore - 5);
    // That attack has taken place: the parry cannot go back to it.
    const past = alice
      .buttons(card(alice, 'Parade de Drevin'))
      .find((b) => b.label.startsWith('Parer Orque'));
    expect(past?.enabled).toBe(false);
    expect(text(card(alice, 'Parade de Drevin'))).toContain('Cette attaque a déjà eu lieu');

    // The ogre goes elsewhere; the gnoll attacks Drevin: the kept parry goes to it.
    // Gnoll (2 HD, THAC0 19) with its halberd: 18 hits AC 3; 1d10 7.
    table.dice.push([20, 18], [10, 7]);
    await attackFromSheet(gm, 'Gnoll', 'Hallebarde');
    // Drevin's parry: THAC0 14 vs the gnoll's AC 5 needs 9; 6 + 3 STR + 1 specialist = 10.
    table.dice.push([20, 6]);
    await alice.press('Parer Gnoll', card(alice, 'Parade de Drevin'));
    const parry = text(card(alice, 'Parade de Drevin'));
    expect(parry).toContain("L'attaque de Gnoll est parée. G-PA1");
    expect(parry).toContain('Parade utilisée (round 1).');
    expect(statuses(gm.actor(DREVIN))).toContain('greyhawk-parried');
    // The gnoll's card, applied, deals nothing and clears the mark.
    await gm.press('Appliquer', card(gm, 'Hallebarde'));
    expect(gm.actor(DREVIN).system.hp.value).toBe(hpBefore - 5);
    expect(text(card(gm, 'Hallebarde'))).toContain('Coup paré par Drevin');
    expect(statuses(gm.actor(DREVIN))).not.toContain('greyhawk-parried');
    // Undone, the mark is back (the blow still parried); applied again, it is taken off again.
    await gm.press('Annuler', card(gm, 'Hallebarde'));
    expect(statuses(gm.actor(DREVIN))).toContain('greyhawk-parried');
    await gm.press('Appliquer', card(gm, 'Hallebarde'));
    expect(gm.actor(DREVIN).system.hp.value).toBe(hpBefore - 5);
    expect(statuses(gm.actor(DREVIN))).not.toContain('greyhawk-parried');
    // The parry is spent: no button is left on the card.
    expect(alice.buttons(card(alice, 'Parade de Drevin')).filter((b) => b.enabled)).toEqual([]);
    expect(table.errors()).toEqual([]);
  });

  it("G-PA2 a guard with a glaive parries the gnoll's halberd aimed at Ayla; not an axe, not from afar", async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const gm = table.gm;
    for (const name of ['Garde', 'Sentinelle'])
      await table.createActor(
        {
          name,
          type: 'guerrier-adnd',
          system: { classes: [{ cls: 'fighter', level: 4 }], proficiencies: ['glaive'], ac: 5 },
        },
        'Alice',
      );
    for (const name of ['Garde', 'Sentinelle']) {
      await alice.dragOnto(alice.actor(name), table.packUuid('greyhawk-armes', 'Glaive'));
    }
    await table.importActor('greyhawk-bestiaire', AYLA, 'Bruno');
    await table.importActor('greyhawk-bestiaire', 'Gnoll');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    // Garde stands beside Ayla (1.5 m); Sentinelle 12 m away from both.
    await table.placeToken('Garde', 0, 0);
    await table.placeToken(AYLA, 1, 0);
    await table.placeToken('Gnoll', 2, 0);
    await table.placeToken('Orque', 1, 1);
    await table.placeToken('Sentinelle', 9, 0);
    await table.startEncounter('Garde', 'Sentinelle', AYLA, 'Gnoll', 'Orque');
    await startRound(table);
    const ayla = alice.actor(AYLA).uuid;
    for (const name of ['Garde', 'Sentinelle']) {
      await alice.target(AYLA);
      await parryFromSheet(alice, name, 'Glaive', { defended: ayla });
    }
    expect(text(card(alice, 'Parade de Garde'))).toContain(
      "Pare pour Ayla, rôdeuse aux deux lames, à portée d'arme d'hast. G-PA2",
    );

    // The orc's axe is no polearm: nobody may parry it for Ayla.
    await gm.target(AYLA);
    table.dice.push([20, 19], [8, 3]);
    await attackFromSheet(gm, 'Orque', 'Hache de bataille');
    const axe = alice.buttons(card(alice, 'Parade de Garde')).find((b) => b.label.startsWith('Parer Orque'));
    expect(axe?.enabled).toBe(false);
    expect(text(card(alice, 'Parade de Garde'))).toContain(
      "Seule une arme d'hast pare l'attaque d'une arme d'hast",
    );

    // The gnoll's halberd: THAC0 19 vs AC 5 needs 14; 16 hits, 1d10 8.
    table.dice.push([20, 16], [10, 8]);
    await attackFromSheet(gm, 'Gnoll', 'Hallebarde');
    const far = alice
      .buttons(card(alice, 'Parade de Sentinelle'))
      .find((b) => b.label.startsWith('Parer Gnoll'));
    expect(far?.enabled).toBe(false);
    expect(text(card(alice, 'Parade de Sentinelle'))).toContain(
      "Ni l'attaquant ni sa victime ne sont à portée.",
    );
    // Garde's parry: fighter 4, THAC0 17 vs the gnoll's AC 5 needs 12; 13 parries.
    table.dice.push([20, 13]);
    await alice.press('Parer Gnoll', card(alice, 'Parade de Garde'));
    expect(text(card(alice, 'Parade de Garde'))).toContain("L'attaque de Gnoll est parée. G-PA2");
    expect(statuses(gm.actor(AYLA))).toEqual(['greyhawk-parried']);
    const hp = gm.actor(AYLA).system.hp.value;
    await gm.press('Appliquer', card(gm, 'Hallebarde'));
    expect(gm.actor(AYLA).system.hp.value).toBe(hp);
    expect(text(card(gm, 'Hallebarde'))).toContain('Coup paré par Garde');
    expect(table.errors()).toEqual([]);
  });

  it('G-PA3 Kael parries with his long bow: ruined for shooting, then broken on a failed save; a magic bow loses +1', async () => {
    // These card steps are played out of the round's order: the world lets players attack at any
    // moment (setting attackTurnOrder off; the order itself is proven in greyhawk-turns).
    const table = await Table.open({ ruleset: 'greyhawk', settings: { attackTurnOrder: false } });
    const alice = table.seat('Alice');
    const gm = table.gm;
    const combat = await arena(table, [
      [KAEL, 'Alice'],
      ['Orque', undefined],
    ]);
    const bow = () => gm.actor(KAEL).items.getName('Arc long');
    // The GM makes Kael's bow a +2 bow first.
    await bow().update({ system: { magic: 2 } });
    await table.settle();
    await parryFromSheet(alice, KAEL, 'Arc long');
    // Orc: THAC0 19 vs AC 6 needs 13; 15 hits, 1d8 4.
    await gm.target(KAEL);
    table.dice.push([20, 15], [8, 4]);
    await attackFromSheet(gm, 'Orque', 'Hache de bataille');
    // Kael: fighter 5, THAC0 16 vs AC 6 needs 10; 12 + 2 magic parries; wood saves on 13: 15.
    table.dice.push([20, 12], [20, 15]);
    await alice.press('Parer Orque', card(alice, 'Parade de Kael'));
    let parry = text(card(alice, 'Parade de Kael'));
    expect(parry).toContain("L'attaque de Orque est parée.");
    expect(parry).toContain("L'arme perd un bonus : +2 → +1. G-PA3");
    expect(parry).toContain('Sauvegarde (choc violent) 15 / 13 G-PA3');
    expect(parry).toContain("Sauvegarde réussie : l'arme tient. G-PA3");
    expect(bow().system.magic).toBe(1);
    expect(bow().system.ruined).toBe(false);
    await gm.press('Appliquer', card(gm, 'Hache de bataille'));

    // Next round the bow is mundane again (the GM takes the plus away); the next parry ruins it
    // and its save (9 < 13) breaks it.
    await bow().update({ system: { magic: 0 } });
    await nextRound(table, combat.id);
    await parryFromSheet(alice, KAEL, 'Arc long');
    table.dice.push([20, 16], [8, 4]);
    await attackFromSheet(gm, 'Orque', 'Hache de bataille');
    table.dice.push([20, 14], [20, 9]);
    await alice.press('Parer Orque', card(alice, 'Parade de Kael'));
    parry = text(card(alice, 'Parade de Kael'));
    expect(parry).toContain("L'arme ne pourra plus tirer. G-PA3");
    expect(parry).toContain("Sauvegarde ratée : l'arme est détruite. G-PA3");
    expect(bow().system.ruined).toBe(true);
    expect(bow().system.broken).toBe(true);
    // Kael cannot shoot with it any more, nor parry with it.
    await alice.target('Orque');
    // The engine refuses it: no card, nothing rolled, the reason told to Alice.
    const broken = await refusedFromSheet(alice, KAEL, 'Arc long');
    expect(broken).toContain('Arc long est en morceaux.');
    expect(table.errors()).toEqual([]);
  });

  it('G-PA4 Drevin declares the DMG parry before initiative: AC 3 becomes −1 against the orc, and he may not attack', async () => {
    // These card steps are played out of the round's order: the world lets players attack at any
    // moment (setting attackTurnOrder off; the order itself is proven in greyhawk-turns).
    const table = await Table.open({ ruleset: 'greyhawk', settings: { attackTurnOrder: false } });
    const alice = table.seat('Alice');
    const gm = table.gm;
    const combat = await arena(table, [
      [DREVIN, 'Alice'],
      ['Orque', undefined],
    ]);
    const id = combat.combatants.find((c: any) => c.name === DREVIN).id;
    await alice.openTracker();
    await alice.click(`[data-action="pdaDeclare"][data-combatant-id="${id}"]`, alice.tracker);
    await alice.answerDialog({ action: 'parryDmg' });
    // Fighter 7: half the level (3) + 1 = 4 points of AC. The orc needs 19 − (−1) = 20.
    await gm.target(DREVIN);
    table.dice.push([20, 19]);
    const blow = text(await attackFromSheet(gm, 'Orque', 'Hache de bataille'));
    expect(blow).toContain('TAC0 19 − CA -1 = 20');
    expect(blow).toContain('Raté');
    // He parries and does nothing else: his attack is refused with the reason.
    await alice.target('Orque');
    const refused = await refusedFromSheet(alice, DREVIN, 'Épée longue');
    expect(refused).toContain('pare selon le D.M.G. ce round : aucune autre action.');
    // Next round, without the declaration, AC 3 again.
    await nextRound(table, combat.id);
    table.dice.push([20, 2]);
    expect(text(await attackFromSheet(gm, 'Orque', 'Hache de bataille'))).toContain('TAC0 19 − CA 3 = 16');
    expect(table.errors()).toEqual([]);
  });
  it("G-ST3 Drevin without the style's specialisation parries the orc with his shield and forfeits its AC against the gnoll for the round", async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const gm = table.gm;
    await arena(table, [
      [DREVIN, 'Alice'],
      ['Orque', undefined],
      ['Gnoll', undefined],
    ]);
    await gm.actor(DREVIN).update({ system: { styles: { shield: 0 } } });
    await table.settle();
    await parryFromSheet(alice, DREVIN, 'Épée longue', { with: 'shield' });
    expect(text(card(alice, 'Parade de Drevin'))).toContain(
      "le bouclier ne protège plus (CA perdue) jusqu'à la fin du round",
    );
    await gm.target(DREVIN);
    table.dice.push([20, 17], [8, 5]);
    await attackFromSheet(gm, 'Orque', 'Hache de bataille');
    table.dice.push([20, 15]);
    await alice.press('Parer Orque', card(alice, 'Parade de Drevin'));
    expect(text(card(alice, 'Parade de Drevin'))).toContain("L'attaque de Orque est parée. G-ST3");
    expect(statuses(gm.actor(DREVIN))).toContain('greyhawk-shieldEngaged');
    // The gnoll, the same round: the shield's point is gone, AC 4 (G-ST3).
    table.dice.push([20, 2]);
    const blow = text(await attackFromSheet(gm, 'Gnoll', 'Hallebarde'));
    expect(blow).toContain('TAC0 19 − CA 4 = 15');
    expect(table.errors()).toEqual([]);
  });

  it('G-ST3 Drevin, a weapon-and-shield specialist, parries the orc with his shield and keeps its AC against the gnoll', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const gm = table.gm;
    await arena(table, [
      [DREVIN, 'Alice'],
      ['Orque', undefined],
      ['Gnoll', undefined],
    ]);
    // With one slot in the style (his sheet's), the shield parries.
    await gm.actor(DREVIN).update({ system: { styles: { shield: 1 } } });
    await table.settle();
    await parryFromSheet(alice, DREVIN, 'Épée longue', { with: 'shield' });
    const opened = text(card(alice, 'Parade de Drevin'));
    expect(opened).toContain('Bouclier moyen');
    expect(opened).toContain('le bouclier garde son bonus de CA contre les autres attaques du round. G-ST3');

    // The orc: THAC0 19 vs AC 3 needs 16; 17 hits, 1d8 5.
    await gm.target(DREVIN);
    table.dice.push([20, 17], [8, 5]);
    await attackFromSheet(gm, 'Orque', 'Hache de bataille');
    // Shield parry: THAC0 14 vs the orc's AC 6 needs 8; 8 + 2 STR − 2 shield (one slot, DEX 15
    // moves nothing) = 8. The sword's specialisation bonus does not come with the shield.
    table.dice.push([20, 8]);
    await alice.press('Parer Orque', card(alice, 'Parade de Drevin'));
    const parry = text(card(alice, 'Parade de Drevin'));
    expect(parry).toContain("L'attaque de Orque est parée. G-ST3");
    expect(parry).toContain('−2 G-ST3');
    expect(parry).toMatch(/Total\s*8/);
    expect(statuses(gm.actor(DREVIN))).toContain('greyhawk-parried');
    const hp = gm.actor(DREVIN).system.hp.value;
    await gm.press('Appliquer', card(gm, 'Hache de bataille'));
    expect(gm.actor(DREVIN).system.hp.value).toBe(hp);

    // The gnoll, the same round: Drevin's AC is still 3 with the shield (4 without it).
    table.dice.push([20, 2]);
    expect(text(await attackFromSheet(gm, 'Gnoll', 'Hallebarde'))).toContain('TAC0 19 − CA 3 = 16');
    expect(gm.actor(DREVIN).system.ac).toBe(3);
    expect(table.errors()).toEqual([]);
  });
});
