import { effectiveMouvement } from '../../../../engine/fantasia/reload';
import type { FantasiaCombatant } from '../../../../engine/fantasia/types';
import { t } from '../../../i18n';
import { mouvementLabel } from './view';
import { ChaseApp } from './app';

/**
 * What the Fantasia chase adds to the combat tracker (a `renderCombatTracker` hook, so the shared
 * tracker stays ruleset-free): the GM's button that opens the chase tool for the viewed combat,
 * and each fighter's Mouvement now when it differs from the sheet's (F-M1: halved by Casse-pied,
 * nil by Faucheuse) on its rows, for the GM and the fighter's owners.
 */

interface TrackerApp {
  readonly viewed?: {
    system?: { rules?: string };
    combatants: Iterable<unknown> & {
      get(id: string): { actor?: { isOwner?: boolean; engineView?<T>(): T } | null } | undefined;
    };
  } | null;
}

export function decorateTracker(app: unknown, element: HTMLElement): void {
  const combat = (app as TrackerApp).viewed;
  // The hook is set only in Fantasia worlds; a combat not started yet has no rules stored.
  const rules = combat?.system?.rules ?? '';
  if (!combat || (rules !== '' && rules !== 'fantasia')) return;
  const doc = element.ownerDocument;
  for (const row of element.querySelectorAll<HTMLElement>('li[data-combatant-id]')) {
    if (row.querySelector('[data-pda-mv]')) continue;
    const actor = combat.combatants.get(row.dataset.combatantId ?? '')?.actor;
    if (!actor || typeof actor.engineView !== 'function' || !(game.user?.isGM || actor.isOwner)) continue;
    let c: FantasiaCombatant;
    try {
      c = actor.engineView<FantasiaCombatant>();
    } catch {
      continue;
    }
    // Only a Mouvement that differs from the sheet's is worth a place on the row.
    const now = effectiveMouvement(c);
    if (now === c.mouvement) continue;
    const span = doc.createElement('span');
    span.className = 'pda-mv';
    span.dataset.pdaMv = String(now);
    span.textContent = ` ${t('PDA.Chase.Mv.short')} ${mouvementLabel(c.mouvement, now, t)}`;
    row.querySelector('.pda-name')?.after(span);
  }
  if (!game.user?.isGM || element.querySelector('[data-pda-chase]')) return;
  const anchor = element.querySelector('[data-action="pdaSimulate"]');
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'icon';
  button.dataset.pdaChase = '';
  button.dataset.tooltip = t('PDA.Chase.Open');
  button.setAttribute('aria-label', t('PDA.Chase.Open'));
  const icon = doc.createElement('i');
  icon.className = 'fa-solid fa-person-running';
  icon.setAttribute('inert', '');
  button.append(icon);
  button.addEventListener('click', () => void ChaseApp.forCombat(combat as never).render(true));
  if (anchor) anchor.after(button);
  else element.append(button);
}
