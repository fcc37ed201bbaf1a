import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { installDomFidelity } from './dom-fidelity';

describe('the harness DOM behaves as a browser where the system can tell', () => {
  const windows: Window[] = [];
  afterEach(async () => {
    await Promise.all(windows.splice(0).map((w) => w.happyDOM.close()));
  });

  it('setting innerHTML in the page gives an observer one record with the new top-level nodes', async () => {
    installDomFidelity();
    const window = new Window();
    windows.push(window);
    const document = window.document;
    document.body.innerHTML = '<section id="sheet"><p>old</p></section>';
    const records: { added: string[]; removed: number }[] = [];
    new window.MutationObserver((list) => {
      for (const r of list)
        records.push({
          added: [...r.addedNodes].map((n) => (n as unknown as Element).tagName ?? '#text'),
          removed: r.removedNodes.length,
        });
    }).observe(document.body, { childList: true, subtree: true });
    const sheet = document.querySelector('#sheet')!;
    sheet.innerHTML =
      '<div><span class="pda-rule">F-H1</span><span>x</span></div><ol><li>a</li><li>b</li></ol>';
    await new Promise((r) => setTimeout(r, 0));
    // Added: the two top-level elements only, never their descendants one by one.
    const added = records.flatMap((r) => r.added);
    expect(added).toEqual(['DIV', 'OL']);
    expect(records.reduce((n, r) => n + r.removed, 0)).toBe(1);
    expect(sheet.querySelectorAll('li')).toHaveLength(2);
    expect(sheet.querySelector('.pda-rule')?.textContent).toBe('F-H1');
  });

  it('a detached element parses in place, as before', () => {
    installDomFidelity();
    const window = new Window();
    windows.push(window);
    const el = window.document.createElement('select');
    el.innerHTML = '<option value="a">A</option><option value="b" selected>B</option>';
    expect(el.options).toHaveLength(2);
  });
});
