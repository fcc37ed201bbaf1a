import { it } from 'vitest';
import { fantasiaTable, startFight, text } from './fantasia-table';
it('dbg', async () => {
  const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
  await startFight(t, ['Bretteur', 'Brigand']);
  await t.bruno.click(`[data-action="pdaDeclare"][data-combatant-id="${t.ids.Bretteur}"]`, t.bruno.tracker);
  const d = t.bruno.dialog();
  console.log(
    [...d.querySelectorAll('select')]
      .map(
        (s) =>
          s.getAttribute('name') +
          ':' +
          [...s.querySelectorAll('option')].map((o) => o.getAttribute('value')).join('|'),
      )
      .join('\n'),
  );
  await t.bruno.answerDialog({
    'intents.0.kind': 'knockout',
    'intents.0.weaponId': 'bagarre',
    'intents.0.targetId': t.ids.Brigand!,
  });
  console.log(text(t.gm.tracker), t.bruno.warnings);
  await t.gm.click(`[data-action="pdaDeclare"][data-combatant-id="${t.ids.Brigand}"]`, t.gm.tracker);
  await t.gm.answerDialog({ 'intents.0.kind': 'parry' });
  console.log(text(t.gm.tracker), t.gm.warnings);
});
