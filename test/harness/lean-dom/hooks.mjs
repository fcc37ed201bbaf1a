/**
 * Module hooks of the vitest workers: happy-dom's Node and EventTarget constructors allocate, for
 * every node of every render (attributes included), seven query caches and four listener maps
 * that most nodes never use. The harness parses tens of megabytes of sheets, cards and trackers,
 * and those maps cost allocation and garbage collection (measured in alternation: about 5 % of the
 * table tests' CPU; a CPU profile put garbage collection at 28 s before and 16 s after). These hooks
 * rewrite the two files as they load so that each of those objects is made the first time it is
 * read, by an accessor on the prototype that then stores it on the node as before. Nothing else
 * changes: the same objects, the same code reading them. A rewrite whose text is no longer found
 * (another happy-dom version) fails the load, naming the file: the harness never runs half-patched.
 */

/** An accessor that makes the value on first read and then keeps it as the node's own property. */
const LAZY = `
function __pdaLazy(proto, key, make) {
    const own = (node, value) => Object.defineProperty(node, key, { value, writable: true, configurable: true, enumerable: true });
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            if (this === proto) return undefined;
            const value = make();
            own(this, value);
            return value;
        },
        set(value) { own(this, value); }
    });
}
`;

const NODE_CACHE = `{
            querySelector: new Map(),
            querySelectorAll: new Map(),
            matches: new Map(),
            elementsByTagName: new Map(),
            elementsByTagNameNS: new Map(),
            elementByTagName: new Map(),
            elementById: new Map(),
            computedStyle: null
        }`;

const LISTENER_MAPS = `{
            bubbling: new Map(),
            capturing: new Map()
        }`;

/** Per file (the end of its URL): the exact texts to replace, in order. */
const PATCHES = {
  'happy-dom/lib/nodes/node/Node.js': [
    [`        this[PropertySymbol.cache] = ${NODE_CACHE};\n`, ''],
    // Clearing a cache never made: nothing to clear (an empty stand-in, never written: every
    // write below is guarded by a non-empty map).
    [
      `    [PropertySymbol.clearCache]() {\n        const cache = this[PropertySymbol.cache];\n`,
      `    [PropertySymbol.clearCache]() {\n        const cache = Object.hasOwn(this, PropertySymbol.cache) ? this[PropertySymbol.cache] : __PDA_NO_CACHE;\n`,
    ],
    [
      '\nexport default class Node extends EventTarget {',
      `${LAZY}\nconst __PDA_NO_CACHE = Object.freeze(${NODE_CACHE});\nexport default class Node extends EventTarget {`,
    ],
    [
      /\n\/\/# sourceMappingURL=Node\.js\.map\s*$/,
      `\n__pdaLazy(Node.prototype, PropertySymbol.cache, () => (${NODE_CACHE}));\n`,
    ],
  ],
  'happy-dom/lib/event/EventTarget.js': [
    [`        this[PropertySymbol.listeners] = ${LISTENER_MAPS};\n`, ''],
    [`        this[PropertySymbol.listenerOptions] = ${LISTENER_MAPS};\n`, ''],
    ['\nexport default class EventTarget {', `${LAZY}\nexport default class EventTarget {`],
    [
      /\n\/\/# sourceMappingURL=EventTarget\.js\.map\s*$/,
      `\n__pdaLazy(EventTarget.prototype, PropertySymbol.listeners, () => (${LISTENER_MAPS}));\n` +
        `__pdaLazy(EventTarget.prototype, PropertySymbol.listenerOptions, () => (${LISTENER_MAPS}));\n`,
    ],
  ],
};

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  const file = Object.keys(PATCHES).find((f) => url.endsWith('/node_modules/' + f));
  if (!file) return loaded;
  let source = typeof loaded.source === 'string' ? loaded.source : new TextDecoder().decode(loaded.source);
  for (const [from, to] of PATCHES[file]) {
    const found = typeof from === 'string' ? source.includes(from) : from.test(source);
    if (!found)
      throw new Error(
        `test/harness/lean-dom: ${file} no longer has the text to rewrite (${String(from).slice(0, 60)}…)`,
      );
    source = source.replace(from, to);
  }
  return { ...loaded, source };
}
