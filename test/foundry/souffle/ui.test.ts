import { beforeEach, describe, expect, it } from 'vitest';
import { GM } from '../../../src/engine/round/types';
import { declare, startPasses, startRound } from '../../../src/engine/round/engine';
import { ScriptedDice } from '../../../src/engine/dice/scripted';
import { souffleRound, type SouffleRoundCombatant } from '../../../src/engine/souffle/round';
import {
  postureDialogContext,
  soufflePostureView,
  POSTURE_DIALOG_TEMPLATE,
} from '../../../src/foundry/rulesets/souffle/round/adapter';
import { templatePath } from '../../../src/foundry/constants';
import { postureHudHtml } from '../../../src/foundry/rulesets/souffle/posture';
import { renderFromDisk, souffleWorld } from './helpers';

const EVIL = '<img src=x onerror=alert(1)>';

beforeEach(() => {
  souffleWorld();
});

const fighters: SouffleRoundCombatant[] = [
  { id: 'a', name: EVIL, side: 'pc', initiative: 1, guerrier: false },
  { id: 'b', name: 'Bastien', side: 'npc', initiative: 1, guerrier: false },
];

function actionsState() {
  let s = startRound(souffleRound, fighters, new ScriptedDice([9, 2]));
  s = declare(souffleRound, s, 'a', { posture: 'intrepide' }, GM);
  s = declare(souffleRound, s, 'b', { posture: 'defensif' }, GM);
  return startPasses(souffleRound, s, { by: GM });
}

describe('Souffle tracker row, posture dialog and token HUD', () => {
  it('S-P2 the tracker row part shows the bold posture with two action pips', async () => {
    const html = await renderFromDisk(
      templatePath('souffle/combat/row.hbs'),
      soufflePostureView(actionsState(), 'a') as never,
    );
    expect(html).toContain('Intrépide');
    expect(html).toContain('fa-fire');
    expect(html.match(/class="pda-pip"/g)).toHaveLength(2);
    expect(html).toContain('Actions courtes restantes : 2 sur 2');
  });

  it('S-P4 a defensive fighter has no action pip', async () => {
    const html = await renderFromDisk(
      templatePath('souffle/combat/row.hbs'),
      soufflePostureView(actionsState(), 'b') as never,
    );
    expect(html).toContain('Défensif');
    expect(html).not.toContain('pda-pip');
  });

  it('S-P1 the posture dialog and the HUD escape a user-written name', async () => {
    const html = await renderFromDisk(POSTURE_DIALOG_TEMPLATE, postureDialogContext(EVIL, 'prudent'));
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    expect(html.match(/pda-souffle-posture-choice/g)).toHaveLength(3);
    const hud = postureHudHtml('prudent');
    expect(hud.match(/data-pda-posture=/g)).toHaveLength(3);
    expect(hud).toContain('pda-posture-button active" data-pda-posture="prudent"');
  });
});
