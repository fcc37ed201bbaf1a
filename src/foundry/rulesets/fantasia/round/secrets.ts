import type { FantasiaDeclaration } from '../../../../engine/fantasia/round';
import type { RoundCombatant } from '../../../../engine/round/types';
import { type CombatLike, type DeclarationVault, readSecret, writeSecrets } from '../../../combat';

/*
 * F-R5: a PNJ's exact declaration is the GM's secret. Combatant documents reach every client, so
 * a PNJ's Combatant holds only a stand-in (its public text), and the exact declarations of the
 * combat's PNJ live in the GM's vault, on the GM's own client and nowhere else (combat/vault.ts).
 * The GM's client reads them back when it reads the round; the tracker and the round engine there
 * see everything, the players' trackers the public text only.
 */

interface Owned {
  readonly actor?: { readonly hasPlayerOwner?: boolean } | null;
}

export const fantasiaDeclarationVault: DeclarationVault = {
  read: readSecret,
  conceal(combat: CombatLike, combatant: RoundCombatant, declaration: unknown) {
    if (combatant.side !== 'npc') return undefined;
    const doc = [...combat.combatants].find((c) => c.id === combatant.id) as Owned | undefined;
    // A PNJ played by a player: its owner declares it and sees it (F-R5 hides it from the others).
    if (doc?.actor?.hasPlayerOwner) return undefined;
    const publicText = (declaration as Partial<FantasiaDeclaration>).publicText;
    return { intents: [{ kind: 'other' }], ...(publicText ? { publicText } : {}) };
  },
  write: writeSecrets,
};
