/* eslint-disable @typescript-eslint/no-explicit-any -- a minimal fake DOM for the render hook */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { startAttack } from '../../../src/foundry/rulesets/fantasia/cards/start';
import { localCardHtml, onRenderChatMessageHTML } from '../../../src/foundry/chat/hooks';
import { actAs, FakeChatMessage, translations, type FakeUser } from '../../fakes/foundry';
import { chatWorld, dice, fighter, lastMessage, targetOf } from './helpers';

let gm: FakeUser;
let player: FakeUser;
let other: FakeUser;

beforeEach(() => {
  ({ gm, player, other } = chatWorld());
});

function merge(a: any, b: any): any {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) {
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && out[k] ? merge(out[k], v) : v;
  }
  return out;
}
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
function speak(lang: 'fr' | 'en'): void {
  translations.data = merge(
    read(`lang/parts/chat.${lang}.json`),
    read(`lang/parts/fantasia-engine.${lang}.json`),
  );
}

interface FakeWrap {
  id: string;
  removed: boolean;
  button: { dataset: { pdaAction: string }; disabled: boolean; listeners: number; addEventListener(): void };
  querySelector(selector: string): unknown;
  remove(): void;
}

/**
 * The message element as far as the hook uses it: the card root (whose outer HTML the hook
 * replaces) and the button wraps, read from whatever HTML the card holds now.
 */
function messageElement(content: string) {
  const el = {
    content,
    replaced: false,
    wraps: [] as FakeWrap[],
    querySelector(selector: string): { outerHTML: string } | null {
      if (selector !== '[data-pda-card]' || !el.content.includes('data-pda-card')) return null;
      return {
        set outerHTML(html: string) {
          el.content = html;
          el.replaced = true;
        },
      };
    },
    querySelectorAll(selector: string): FakeWrap[] {
      if (selector !== '[data-pda-action-wrap]') return [];
      el.wraps = [...el.content.matchAll(/data-pda-action="([^"]+)"/g)].map((m) => {
        const button = {
          dataset: { pdaAction: m[1]! },
          disabled: false,
          listeners: 0,
          addEventListener() {
            button.listeners += 1;
          },
        };
        const wrap: FakeWrap = {
          id: m[1]!,
          removed: false,
          button,
          // The template renders a reason beside every disabled button.
          querySelector: (s: string) => (s.startsWith('button') ? button : { textContent: '' }),
          remove() {
            wrap.removed = true;
          },
        };
        return wrap;
      });
      return el.wraps;
    },
  };
  return el;
}

async function frenchCard() {
  speak('fr');
  const aldo = fighter({ name: 'Aldo', owner: player, skills: { armesDeMelee: 60 } });
  const brute = fighter({ name: 'Brute', owner: other, skills: { armesDeMelee: 40 } });
  dice(30);
  actAs(player);
  await startAttack(aldo as never, 'epeeLongue', { targets: [targetOf(brute)], skipDialog: true });
  actAs(gm);
  return lastMessage();
}

describe('cards read in each client language', () => {
  it('the card body is rebuilt from the message data with this client localization', async () => {
    const message = await frenchCard();
    // Stored: a plain record in the GM's language, without buttons (each client renders the card).
    expect(message.content).toContain('Aldo attaque avec');
    expect(message.content).not.toContain('data-pda-action');
    speak('en');
    const html = await localCardHtml(message as never, other as never);
    expect(html).toContain('Aldo attacks with');
    expect(html).toContain('Parry (');
    expect(html).toContain('Brute chooses a defence.');
    expect(html).not.toContain('Parer');
  });

  it('the render hook swaps the stored body for the local one, then wires its buttons for the user', async () => {
    const message = await frenchCard();
    speak('en');
    actAs(other);
    const el = messageElement(message.content);
    await onRenderChatMessageHTML(message as never, el as never);
    expect(el.replaced).toBe(true);
    expect(el.content).toContain('Aldo attacks with');
    // The defender's owner keeps and may click the defence buttons of the rebuilt card.
    const parry = el.wraps.find((w) => w.id === 'parry.epeeLongue');
    expect(parry?.removed).toBe(false);
    expect(parry?.button.listeners).toBe(1);

    // The attacker's player sees none of the defender's buttons.
    actAs(player);
    const theirs = messageElement(message.content);
    await onRenderChatMessageHTML(message as never, theirs as never);
    expect(theirs.wraps.length).toBeGreaterThan(0);
    expect(theirs.wraps.every((w) => w.removed)).toBe(true);
    actAs(gm);
  });

  it('a card this client cannot rebuild keeps its stored content', async () => {
    speak('en');
    const message = await FakeChatMessage.create({
      type: 'carte',
      system: { ruleset: 'fantasia', flow: 'unknown.flow', step: 'done', state: {} },
      content: '<div class="pda-card" data-pda-card><h3>Stored</h3></div>',
    });
    expect(await localCardHtml(message as never, gm as never)).toBeNull();
    const el = messageElement(message.content);
    await onRenderChatMessageHTML(message as never, el as never);
    expect(el.replaced).toBe(false);
    expect(el.content).toContain('Stored');
  });
});
