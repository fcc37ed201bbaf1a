import { describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
// @ts-expect-error -- a plain module hook file, without types
import { load } from './lean-dom/hooks.mjs';

/** The own symbol keys of a node, by description. */
const own = (node: object) => Object.getOwnPropertySymbols(node).map((s) => s.description ?? '');

describe('lean-dom: happy-dom makes its per-node maps on first use', () => {
  it('is active in the workers: a new element holds no query cache or listener maps yet', () => {
    const { document } = new Window();
    const el = document.createElement('div');
    expect(own(el)).not.toContain('cache');
    expect(own(el)).not.toContain('listeners');
    el.addEventListener('click', () => undefined);
    expect(own(el)).toContain('listeners');
  });

  it('keeps the DOM as it was: cached queries follow changes, listeners fire and come off', () => {
    const { document } = new Window();
    const host = document.createElement('section');
    document.body.append(host);
    host.innerHTML = '<p class="a">one</p>';
    expect(host.querySelectorAll('.a').length).toBe(1);
    host.append(document.createElement('p'));
    host.lastElementChild!.className = 'a';
    // The query answered from the cache above sees the new paragraph.
    expect(host.querySelectorAll('.a').length).toBe(2);
    expect(document.getElementById('x')).toBeNull();
    host.innerHTML = '<p id="x">two</p>';
    expect(document.getElementById('x')?.textContent).toBe('two');
    let clicks = 0;
    const count = () => (clicks += 1);
    host.addEventListener('click', count);
    document.getElementById('x')!.dispatchEvent(new document.defaultView!.Event('click', { bubbles: true }));
    host.removeEventListener('click', count);
    document.getElementById('x')!.dispatchEvent(new document.defaultView!.Event('click', { bubbles: true }));
    expect(clicks).toBe(1);
  });

  it('refuses to load a happy-dom whose source no longer has the text it rewrites', async () => {
    const url = 'file:///x/node_modules/happy-dom/lib/event/EventTarget.js';
    const next = async () => ({ format: 'module', source: 'export default class EventTarget {}' });
    await expect(load(url, {}, next)).rejects.toThrow(/lean-dom: happy-dom\/lib\/event\/EventTarget\.js/);
    const other = async () => ({ format: 'module', source: 'untouched' });
    await expect(load('file:///x/node_modules/other/index.js', {}, other)).resolves.toEqual({
      format: 'module',
      source: 'untouched',
    });
  });
});
