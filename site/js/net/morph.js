// Patch a part of the page to new HTML, keeping every node that is already right (docs/net.md
// "Updates: patched, not rebuilt"). A game's renderer draws its whole table as one HTML text
// (root.innerHTML = …, the same code as in local play); at a phone table the root's innerHTML
// is routed here, so an update changes only the nodes whose text or attributes changed, and the
// browser restyles, lays out and repaints only those (a market card taken, a seat's gems),
// not the whole board.

const INNER_HTML = Object.getOwnPropertyDescriptor(Element.prototype, "innerHTML");

/** from now on, `el.innerHTML = html` patches `el` to match `html` ("" still empties it) */
export function patchInnerHTML(el) {
  Object.defineProperty(el, "innerHTML", {
    configurable: true,
    get() { return INNER_HTML.get.call(this); },
    set(html) {
      if (html === "" || !this.firstChild) { INNER_HTML.set.call(this, html); return; }
      morphInto(this, html);
    },
  });
}

/** patch `el`'s children to match `html` */
export function morphInto(el, html) {
  const tpl = document.createElement("template");
  INNER_HTML.set.call(tpl, html);
  patchChildren(el, tpl.content);
}

function patchChildren(live, next) {
  let a = live.firstChild;
  let b = next.firstChild;
  while (b) {
    const nb = b.nextSibling;
    if (!a) { live.appendChild(b); b = nb; continue; }
    const na = a.nextSibling;
    if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) {
      live.replaceChild(b, a);
    } else if (a.nodeType === Node.ELEMENT_NODE) {
      if (!a.isEqualNode(b)) {
        patchAttributes(a, b);
        patchChildren(a, b);
      }
      if (a.nodeName === "INPUT") {  // what a person changed is not in the attributes
        if (a.checked !== b.checked) a.checked = b.checked;
        if (a.value !== b.value) a.value = b.value;
      }
    } else if (a.nodeValue !== b.nodeValue) {
      a.nodeValue = b.nodeValue;
    }
    a = na;
    b = nb;
  }
  while (a) { const na = a.nextSibling; live.removeChild(a); a = na; }
}

function patchAttributes(a, b) {
  for (const attr of [...a.attributes]) {
    if (!b.hasAttributeNS(attr.namespaceURI, attr.localName)) a.removeAttributeNS(attr.namespaceURI, attr.localName);
  }
  for (const attr of b.attributes) {
    if (a.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) a.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
  }
}
