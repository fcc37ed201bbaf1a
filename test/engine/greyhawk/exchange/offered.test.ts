import { describe, expect, it } from 'vitest';
import { DEFAULT_GREYHAWK_OPTIONS } from '../../../../src/engine/greyhawk/options';
import { fightersOf, impossibleChoices } from '../../../../src/engine/greyhawk/exchange';
import { fighter } from '../fixtures';
import { view } from './helpers';

const O = DEFAULT_GREYHAWK_OPTIONS;

describe('what the Greyhawk attack dialog offers disabled (issue 29: refusals before the request)', () => {
  it('G-W2 without the proficiency both disarms are disabled citing G-W2; the rest stays open', () => {
    const v = view({ attacker: fighter({ id: 'gord', name: 'Gord', proficiencies: [] }) });
    const out = impossibleChoices([fightersOf(v)], O);
    expect(out.manoeuvres.disarm).toMatchObject({ key: 'PDA.Error.Greyhawk.NotProficient', rule: 'G-W2' });
    expect(out.manoeuvres.expertDisarm?.rule).toBe('G-W2');
    expect(out.manoeuvres.seizeObject).toBeUndefined();
    expect(out.manoeuvres.normal).toBeUndefined();
  });

  it('G-SH1 G-SH2 without a shield the shield manoeuvres are disabled; with a medium shield they are open', () => {
    const bare = impossibleChoices([fightersOf(view())], O);
    expect(bare.manoeuvres.shieldPunch).toMatchObject({ key: 'PDA.Error.Greyhawk.NoShield', rule: 'G-SH1' });
    expect(bare.manoeuvres.shieldRush).toMatchObject({ key: 'PDA.Error.Greyhawk.NoShield', rule: 'G-SH2' });
    const shielded = impossibleChoices([fightersOf(view({ attackerShield: 'medium' }))], O);
    expect(shielded.manoeuvres.shieldPunch).toBeUndefined();
    expect(shielded.manoeuvres.shieldRush).toBeUndefined();
  });

  it('G-C1 the hostage purpose is disabled against a free target only, and only if every target is free', () => {
    const free = fightersOf(view());
    const held = fightersOf(view({ defenderConditions: { held: true, heldRounds: 1 } }));
    expect(impossibleChoices([free], O).purposes.hostage?.key).toBe('PDA.Error.Greyhawk.HoldFirst');
    expect(impossibleChoices([free, held], O).purposes.hostage).toBeUndefined();
  });
});
