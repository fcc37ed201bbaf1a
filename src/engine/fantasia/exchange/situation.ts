import { findBotte, weaponFit, type ThrustContext } from '../bottes';
import type { FantasiaCombatant, FantasiaWeapon, SecretThrust } from '../types';

/**
 * What a secret thrust needs to know (F-B1, F-B7) and who knows it. The round knows the
 * initiative; the defence step knows whether the target parries; the fighters' documents know
 * species, sizes, shields and weapons. Only the rest is asked in the attack dialog: whether the
 * target is behind, the attacker above it or surrounded, whether the target sees the attacker,
 * whether the attacker knows where the target is, whether the GM allows another weapon of the
 * same skill at −10 % — and the initiative when no tracked round holds it.
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
    if (fit === 'sameSkill') asked.add('otherWeapon');
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
