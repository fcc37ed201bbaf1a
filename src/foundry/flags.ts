/**
 * The system's flags (`doc.flags['passe-d-armes']`) on each kind of document, declared to
 * fvtt-types (`FlagConfig`) so reading and writing them says what they hold. A player may update
 * the documents they own, flags included: every value is optional and is still checked where it
 * is read (docs/architecture.md, "Trust model"). A ruleset adds its own keys by augmenting these
 * interfaces in its folder (`declare module '<path>/flags'`); shared code never names a ruleset.
 */

/** Flags of the system's chat messages (GM-written stores, not shown in the log). */
export interface SystemChatMessageFlags {
  /** A store for the GMs: the chat log hides it (chat/hooks.ts). */
  hidden?: boolean;
}

/** Flags of the system's Combats. */
export interface SystemCombatFlags {
  /** A round command's writes not all made yet (combat/round-writes.ts), or null once cleared. */
  roundJournal?: unknown;
}

/** Flags of the system's Users: the requests a player sends the GM and the answers (queries.ts). */
export interface SystemUserFlags {
  requests?: Record<string, unknown>;
  answers?: Record<string, unknown>;
}

/** Flags of the Active Effects carrying the rulesets' statuses: each ruleset adds its keys. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each ruleset's augmentation
export interface SystemActiveEffectFlags {}

declare module 'fvtt-types/configuration' {
  interface FlagConfig {
    ChatMessage: { 'passe-d-armes'?: SystemChatMessageFlags };
    Combat: { 'passe-d-armes'?: SystemCombatFlags };
    User: { 'passe-d-armes'?: SystemUserFlags };
    ActiveEffect: { 'passe-d-armes'?: SystemActiveEffectFlags };
  }
}
