/**
 * Where happy-dom's DOM differs from a browser's in a way the system can see, the harness makes it
 * behave like the browser. Installed once per process, on happy-dom's own classes (every window's
 * elements inherit them). Each behaviour is listed in FAKE.md.
 *
 * - Setting `innerHTML` on a connected element: a browser parses the markup into a fragment and
 *   replaces the children at once, so a MutationObserver sees one record whose added nodes are the
 *   new top-level nodes. happy-dom parses into the live element, one record per parsed node, so an
 *   observer would run once per node of every render.
 */
import { Element } from 'happy-dom';

let installed = false;

export function installDomFidelity(): void {
  if (installed) return;
  installed = true;
  const native = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  if (!native?.set || !native.get)
    throw new Error('happy-dom: Element.prototype.innerHTML is not an accessor');
  const parse = native.set;
  Object.defineProperty(Element.prototype, 'innerHTML', {
    configurable: true,
    enumerable: native.enumerable ?? false,
    get: native.get,
    set(this: Element, html: string) {
      if (!this.isConnected) {
        parse.call(this, html);
        return;
      }
      // A detached element of the same kind gives the markup the same parsing context.
      const holder = this.cloneNode(false) as Element;
      parse.call(holder, html);
      this.replaceChildren(...holder.childNodes);
    },
  });
}
