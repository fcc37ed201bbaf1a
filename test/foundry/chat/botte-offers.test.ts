/* eslint-disable @typescript-eslint/no-explicit-any -- reading card state through the fakes */
import { beforeEach, describe, expect, it } from 'vitest';
import { FANTASIA_WEAPONS } from '../../../src/engine/fantasia/weapons';
import { startAttack } from '../../../src/foundry/rulesets/fantasia/cards/start';
import { snapshotOf } from '../../../src/foundry/chat/card';
import { requestCardAction } from '../../../src/foundry/chat/card-action';
import { actAs, type FakeUser } from '../../fakes/foundry';
import { chatWorld, dice, fighter, lastMessage, shownCard, targetOf, type TestActor } from './helpers';

let gm: FakeUser;
let player: FakeUser;
let other: FakeUser;

beforeEach(() => {
  ({ gm, player, other } = chatWorld());
});

function state(): any {
  return snapshotOf(lastMessage() as never).state;
}
async function act(actionId: string, as: FakeUser = gm) {
  actAs(as);
  const result = await requestCardAction(lastMessage().id, actionId);
  actAs(gm);
  return result;
}
async function disabledReason(actionId: string): Promise<string | undefined> {
  const re = new RegExp(
    `data-pda-action="${actionId.replace('.', '\\.')}"[^>]*disabled[\\s\\S]*?pda-card__reason">([^<]*)<`,
  );
  return re.exec(await shownCard())?.[1];
}

/** Aldo lands a Désarmement (F-B7) on Brute, who does not defend; the damage is applied. */
async function desarmement(): Promise<{ aldo: TestActor; brute: TestActor }> {
  const aldo = fighter({
    name: 'Aldo',
    owner: player,
    skills: { armesDeMelee: 70 },
    weapons: [FANTASIA_WEAPONS.epeeFantasque],
    characteristics: { DEX: 15 },
  });
  void aldo.createEmbeddedDocuments('Item', [
    {
      _id: 'botteDesarm001',
      name: 'Désarmement',
      type: 'botte',
      system: { thrustId: 'desarmement', crosses: 0 },
    },
  ]);
  const brute = fighter({ name: 'Brute', owner: other, pv: 14, characteristics: { DEX: 8 } });
  dice(30); // 30 against 70 − 10 (thrust malus): hit
  actAs(player);
  await startAttack(aldo as never, 'epeeFantasque', {
    targets: [targetOf(brute)],
    skipDialog: true,
    thrustId: 'desarmement',
  });
  actAs(gm);
  dice(3); // no defence; 1d6+1 = 4
  await act('none', other);
  await act('apply', other);
  expect(brute.system.pv.value).toBe(10);
  return { aldo, brute };
}

describe('offered thrust effects as GM buttons', () => {
  it('F-B7 an offered disarm applied by the GM lands on the target, then its button says why not', async () => {
    const { brute } = await desarmement();
    expect(await shownCard()).toContain('data-pda-action="offer.disarm"');
    dice(45); // 45 against Aldo's DEX 15 × 3 = 45 (Brute's DEX 8 would give 24): disarmed
    const done = await act('offer.disarm', gm);
    expect(done.ok).toBe(true);
    expect(brute.system.states.disarmedWeapon).toBe('epeeLongue');
    expect(state().offersTaken).toHaveLength(1);
    expect(await disabledReason('offer.disarm')).toBe('Déjà appliqué.');
    const again = await act('offer.disarm', gm);
    expect(again.ok).toBe(false);
  });

  it('F-B7 a player cannot click the offered disarm, not even the target owner', async () => {
    const { brute } = await desarmement();
    for (const who of [player, other]) {
      const refused = await act('offer.disarm', who);
      expect(refused).toMatchObject({ ok: false, key: 'PDA.Error.CardNotYours' });
    }
    expect(brute.system.states.disarmedWeapon ?? '').toBe('');
  });

  it('F-B7 Annuler takes back the disarm and the damage together', async () => {
    const { brute } = await desarmement();
    dice(20);
    await act('offer.disarm', gm);
    const undone = await act('undo', other);
    expect(undone.ok).toBe(true);
    expect(brute.system.pv.value).toBe(14);
    expect(brute.system.states.disarmedWeapon ?? '').toBe('');
    expect(brute.statuses.has('weaponBound')).toBe(false);
  });
});
