import { t } from '../i18n';
import { SimulatorApp } from './app';
import type { FighterSource } from './encounter';

export { SimulatorApp } from './app';

/**
 * Entry points of the simulator besides the tracker's button: a folder of actors in the Actors
 * sidebar gets "Simuler la rencontre" in its context menu (GM only). Its actors' sides follow
 * their prototype token's disposition (friendly against the others), which the window lets the
 * GM change.
 */

interface ActorLike {
  readonly id: string | null;
  readonly name: string;
  readonly documentName?: string;
  readonly prototypeToken?: { disposition?: number };
  toObject(): unknown;
}

interface FolderLike {
  readonly type?: string;
  readonly contents?: readonly ActorLike[];
}

interface ContextEntry {
  name: string;
  icon: string;
  condition?: (li: HTMLElement) => boolean;
  callback: (li: HTMLElement) => unknown;
}

/** The simulator's fighters for some actors. */
export function sourcesOfActors(actors: readonly ActorLike[]): FighterSource[] {
  return actors
    .filter((a) => a.id)
    .map((a) => ({
      id: a.id as string,
      name: a.name,
      disposition: Number(a.prototypeToken?.disposition ?? -1),
      data: a.toObject() as FighterSource['data'],
    }));
}

function folderOf(li: HTMLElement): FolderLike | undefined {
  const id = li.closest<HTMLElement>('[data-folder-id]')?.dataset.folderId ?? li.dataset.folderId ?? '';
  const folders = (game as unknown as { folders?: { get(id: string): FolderLike | undefined } }).folders;
  return folders?.get(id);
}

/** `getFolderContextOptions`: the Actors sidebar's folders offer the simulator to the GM. */
export function folderContextEntries(_app: unknown, entries: ContextEntry[]): void {
  entries.push({
    name: t('PDA.Simulator.Open'),
    icon: '<i class="fa-solid fa-chart-simple"></i>',
    condition: (li) => Boolean(game.user?.isGM) && folderOf(li)?.type === 'Actor',
    callback: (li) => {
      const actors = folderOf(li)?.contents ?? [];
      return new SimulatorApp({ sources: sourcesOfActors(actors) }).render(true);
    },
  });
}

export function registerSimulator(): void {
  // fvtt-types lists the hook names it knows; get<Document>ContextOptions names are built at run time.
  const on = Hooks.on as unknown as (name: string, fn: typeof folderContextEntries) => number;
  on('getFolderContextOptions', folderContextEntries);
}
