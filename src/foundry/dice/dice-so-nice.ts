/**
 * Dice So Nice, when installed. It animates the rolls of a chat message when the message is
 * created, on every client that may see it; rolls the GM's client adds to an existing card while
 * performing a player's action (a defence, damage) are not animated by it, so they are shown
 * here with its public `showForRoll`, synchronised to the card's audience. A d100 is rolled as
 * Foundry's `1d100` (roll-dice.ts), which Dice So Nice shows as its tens-and-units pair.
 */

interface DiceSoNice {
  showForRoll(
    roll: Roll,
    user?: unknown,
    synchronize?: boolean,
    whisper?: string[] | null,
    blind?: boolean,
    chatMessageID?: string | null,
    speaker?: unknown,
  ): Promise<boolean>;
}

/** The module's API, or null when it is absent or disabled. */
export function diceSoNice(): DiceSoNice | null {
  const api = (game as unknown as { dice3d?: Partial<DiceSoNice> }).dice3d;
  return typeof api?.showForRoll === 'function' ? (api as DiceSoNice) : null;
}

interface MessageAudience {
  readonly id: string | null;
  readonly whisper?: readonly string[];
  readonly blind?: boolean;
  readonly speaker?: unknown;
}

/**
 * Animates `rolls` on every client that may see `message` (all, when it is not whispered), in
 * order. Does nothing without Dice So Nice.
 */
export async function showRollsToAll(rolls: readonly Roll[], message: unknown): Promise<void> {
  const dsn = diceSoNice();
  if (!dsn) return;
  const m = message as MessageAudience;
  const whisper = m.whisper?.length ? [...m.whisper] : null;
  for (const roll of rolls) {
    await dsn.showForRoll(roll, game.user, true, whisper, Boolean(m.blind), m.id ?? null, m.speaker);
  }
}
