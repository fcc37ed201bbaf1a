/*
 * The rule behind an attack's refusal, for the card to cite: the refusal's own rule when it has
 * one (a non-proficient fighter's disarm is refused by G-W2, not by the disarm rule), otherwise
 * the manoeuvre's.
 */

const E = 'PDA.Error.Greyhawk.';

export const REFUSAL_RULE: Readonly<Record<string, string>> = {
  [`${E}NotProficient`]: 'G-W2',
  [`${E}OffHandTooLong`]: 'G-ST4',
  [`${E}TwoHandedInPair`]: 'G-ST4',
  [`${E}Style.NoSecondWeapon`]: 'G-ST4',
  [`${E}Style.NoFreeHand`]: 'G-ST1',
  [`${E}Style.OneHandedOnly`]: 'G-ST2',
  [`${E}Style.NoGripSwitch`]: 'G-ST1',
  [`${E}Style.NotProne`]: 'G-P2',
  [`${E}FullMoveNoShot`]: 'G-ST5',
  [`${E}InMeleeReach`]: 'G-ST5',
  [`${E}LongBowMounted`]: 'G-ST6',
  [`${E}NotMountedMissile`]: 'G-ST6',
  [`${E}NoReloadMounted`]: 'G-ST6',
  [`${E}TwoHandedWhileHolding`]: 'G-G2',
  // G-C1 called shots: a plain attack whose purpose the rules refuse names the called-shot rule.
  [`${E}WeaponLost`]: 'G-D1',
  [`${E}NothingToDisarm`]: 'G-D1',
  [`${E}NaturalNotDisarmed`]: 'G-D1',
  [`${E}NoShieldToDisarm`]: 'G-D3',
  [`${E}WeaponOffLine`]: 'G-D2',
  [`${E}PinNeedsWall`]: 'G-C1',
  // Parries (issue 44's fourth reading): every refusal names its rule.
  [`${E}DmgParryOnly`]: 'G-PA4',
  [`${E}CannotParryWith`]: 'G-PA3',
  [`${E}PolearmsOnly`]: 'G-PA2',
  [`${E}OutOfReach`]: 'G-PA2',
  [`${E}NoParryLeft`]: 'G-PA1',
  [`${E}ParryTooLate`]: 'G-PA1',
  ['PDA.Greyhawk.Parry.Refused.Ruined']: 'G-PA3',
  ['PDA.Greyhawk.Parry.Refused.Broken']: 'G-PA3',
  ['PDA.Greyhawk.Parry.Refused.NoShield']: 'G-ST3',
  ['PDA.Greyhawk.Parry.Refused.ShieldForSelf']: 'G-ST3',
  [`${E}CannotPin`]: 'G-C1',
  [`${E}NeedsEdge`]: 'G-C1',
  [`${E}HoldFirst`]: 'G-C1',
};

/** The rule a refusal cites: its own, else the manoeuvre's (may be empty). */
export function refusalRule(key: string, manoeuvreRule: string): string {
  return REFUSAL_RULE[key] ?? manoeuvreRule;
}
