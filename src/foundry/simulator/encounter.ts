import { entryFromDocument, type DocumentData } from '../../engine/simulate/sources';
import type { Encounter, Tactics, TargetTactic } from '../../engine/simulate/types';
import type { RulesetId } from '../../engine/rulesets';

/**
 * The fighters the simulator window offers, from a combat's combatants (or any actors): which
 * side each is on (from its token's disposition: friendly tokens against the others, which the
 * GM may change), and its tactics. `toEncounter` turns the GM's choices into the engine's input,
 * each fighter read from its actor's data exactly as an exported actor would be.
 */
export interface FighterChoice {
  readonly id: string;
  readonly name: string;
  readonly side: 0 | 1;
  readonly target: TargetTactic;
  readonly defence: NonNullable<Tactics['defence']>;
}

export interface FighterSource {
  readonly id: string;
  readonly name: string;
  /** Token disposition: 1 friendly, 0 neutral, −1 hostile. */
  readonly disposition: number;
  readonly data: DocumentData;
}

export const TARGET_TACTICS: readonly TargetTactic[] = ['nearest', 'weakest', 'mostDangerous'];
export const DEFENCE_TACTICS: readonly NonNullable<Tactics['defence']>[] = ['parry', 'dodgeWhenHurt', 'none'];

export function initialChoices(sources: readonly FighterSource[]): FighterChoice[] {
  return sources.map((s) => ({
    id: s.id,
    name: s.name,
    side: s.disposition > 0 ? 0 : 1,
    target: 'nearest',
    defence: 'parry',
  }));
}

/** Reads the window's form (side.<id>, target.<id>, defence.<id>) over the current choices. */
export function readChoices(
  choices: readonly FighterChoice[],
  form: Record<string, unknown>,
): FighterChoice[] {
  return choices.map((c) => {
    const side = Number(form[`side.${c.id}`]);
    const target = String(form[`target.${c.id}`] ?? c.target) as TargetTactic;
    const defence = String(form[`defence.${c.id}`] ?? c.defence) as FighterChoice['defence'];
    return {
      ...c,
      side: side === 0 || side === 1 ? side : c.side,
      target: TARGET_TACTICS.includes(target) ? target : c.target,
      defence: DEFENCE_TACTICS.includes(defence) ? defence : c.defence,
    };
  });
}

export interface EncounterSettings {
  readonly ruleset: RulesetId;
  readonly fights: number;
  readonly seed: number;
  readonly sideNames: readonly [string, string];
}

/** The engine's encounter (RulesError from the engine when a fighter cannot fight here). */
export function toEncounter(
  sources: readonly FighterSource[],
  choices: readonly FighterChoice[],
  settings: EncounterSettings,
): Encounter {
  const sides = settings.sideNames.map((name, side) => ({
    name,
    fighters: choices
      .filter((c) => c.side === side)
      .map((c) => {
        const source = sources.find((s) => s.id === c.id);
        const data = source ? source.data : {};
        return entryFromDocument(
          settings.ruleset,
          { ...data, name: c.name },
          { target: c.target, defence: c.defence },
        );
      }),
  }));
  return { ruleset: settings.ruleset, fights: settings.fights, seed: settings.seed, sides } as Encounter;
}
