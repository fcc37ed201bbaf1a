import { findBotte, thrustMalus, unmetConditions, weaponFit, type ThrustContext } from '../bottes';
import type { FantasiaCombatant, FantasiaWeapon, SecretThrust } from '../types';

/**
 * What a secret thrust needs to know (F-B1, F-B7) and who knows it. The round knows the
 * initiative; the defence step knows whether the target parries; the fighters' documents know
 * species, sizes, shields and weapons. Only the rest is asked in the attack dialog: whether the
 * target is behind, the attacker above it or surrounded, whether the target sees the attacker,
 * whether the attacker knows where the target is — and the initiative when no tracked round holds
 * it. Whether another weapon of the same skill may place a thrust at −10 % is the GM's to say
 * (F-B1): the GM's client asks the GM when the card is opened, whatever the request carries.
 */
export const SITUATION_QUESTIONS = [
  'initiative',
  'behind',
  'surrounded',
  'above',
  'unseen',
  'unknownPosition',
  'otherWeapon',
] as const;
export type SituationQuestion = (typeof SITUATION_QUESTIONS)[number];

/** The dialog's answers (each absent or false: no). */
export type SituationAnswers = Partial<Record<SituationQuestion, boolean>>;

function known(attacker: FantasiaCombatant): SecretThrust[] {
  return (attacker.thrusts ?? []).flatMap((k) => {
    try {
      return [findBotte(k.thrustId)];
    } catch {
      return [];
    }
  });
}

/** The questions the attack dialog asks for this attacker and weapon (none without a thrust). */
export function situationQuestions(
  attacker: FantasiaCombatant,
  weapon: FantasiaWeapon,
  initiativeKnown: boolean,
): SituationQuestion[] {
  const asked = new Set<SituationQuestion>();
  for (const thrust of known(attacker)) {
    const k = attacker.thrusts?.find((t) => t.thrustId === thrust.id);
    const fit = weaponFit(thrust, weapon, k);
    if (fit === 'no') continue;
    for (const c of thrust.conditions) {
      if (c.kind === 'hasInitiative' && !initiativeKnown) asked.add('initiative');
      if (c.kind === 'targetsBehind') asked.add('behind');
      if (c.kind === 'surrounded') asked.add('surrounded');
      if (c.kind === 'above') asked.add('above');
    }
    for (const e of thrust.effects) {
      if (e.kind === 'fromAbove') asked.add('unseen');
      if (e.kind === 'vigilanceCheck') asked.add('unknownPosition');
    }
  }
  return SITUATION_QUESTIONS.filter((q) => asked.has(q));
}

/** True when the thrust can only be placed on a parry of the target (Anti-parade, Feinte). */
export function needsParry(thrust: SecretThrust | undefined): boolean {
  return thrust?.conditions.some((c) => c.kind === 'targetParrying') === true;
}

/**
 * The thrust's context from what the round knows (`hasInitiative`, undefined when it does not)
 * and the dialog's answers. Whether the target parries is not known yet: a thrust that needs a
 * parry is rolled as if it will be parried, and the defence step voids it otherwise (ruling).
 */
export function thrustContext(hasInitiative: boolean | undefined, answers: SituationAnswers): ThrustContext {
  return {
    hasInitiative: hasInitiative ?? answers.initiative === true,
    targetParrying: true,
    targetsBehind: answers.behind === true,
    surrounded: answers.surrounded === true,
    above: answers.above === true,
    targetSeesAttacker: answers.unseen !== true,
    knowsTargetPosition: answers.unknownPosition !== true,
    sameSkillAllowed: answers.otherWeapon === true,
  };
}

/** A learned thrust as the attack dialog shows it: offered, or not and why (F-B1, F-B7). */
export interface ThrustChoice {
  readonly thrust: SecretThrust;
  /** The botte's malus for this character (its item's, else the catalogue's). */
  readonly malus: number;
  readonly offered: boolean;
  /** Another weapon of the same skill: −10 % more, if the GM allows it (F-B1). */
  readonly sameSkill: boolean;
  /** Not offered: the weapon is neither the thrust's nor of its skill (F-B1). */
  readonly wrongWeapon: boolean;
  /** Not offered: the conditions that do not hold, as lang keys (PDA.Fantasia.Condition.*). */
  readonly missing: readonly string[];
}

/**
 * The attacker's learned thrusts for this weapon and what is known now (F-B1, F-B7): a thrust is
 * offered when the weapon fits (or is of the same skill, for the GM to allow) and no condition the
 * documents or the round settle is unmet. What only the player can say (behind, above,
 * surrounded) and whether the target will parry are left to the dialog and the defence step.
 * `defender` undefined: no target yet, its shield and size are not judged.
 */
export function thrustChoices(
  attacker: FantasiaCombatant,
  weapon: FantasiaWeapon,
  defender: FantasiaCombatant | undefined,
  hasInitiative: boolean | undefined,
): ThrustChoice[] {
  const context: ThrustContext = {
    hasInitiative: hasInitiative ?? true,
    targetParrying: true,
    targetsBehind: true,
    surrounded: true,
    above: true,
  };
  return known(attacker).map((thrust) => {
    const k = attacker.thrusts?.find((t) => t.thrustId === thrust.id);
    const malus = thrustMalus(thrust, k);
    const fit = weaponFit(thrust, weapon, k);
    if (fit === 'no')
      return { thrust, malus, offered: false, sameSkill: false, wrongWeapon: true, missing: [] };
    const judged: SecretThrust = defender
      ? thrust
      : {
          ...thrust,
          conditions: thrust.conditions.filter((c) => c.kind !== 'targetHasShield' && c.kind !== 'smallerBy'),
        };
    const unmet = unmetConditions(judged, attacker, defender ?? attacker, weapon, context);
    return {
      thrust,
      malus,
      offered: unmet.length === 0,
      sameSkill: fit === 'sameSkill',
      wrongWeapon: false,
      missing: unmet.map((c) => `PDA.Fantasia.Condition.${c.kind}`),
    };
  });
}
