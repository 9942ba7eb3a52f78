// A table drawn in sections (docs/net.md "Updates: patched, not rebuilt"). A renderer hands
// its table over as a list of keyed pieces whose flattened text is the table's HTML:
//   [key, html]                    a leaf: any HTML (a whole element or several, parsed alone:
//                                  never the inside of a <table>; inside an <svg> container it
//                                  is SVG content, parsed as such)
//   [key, open, children, close]   a container: one element, its opening tag, a section list
//                                  inside it, its closing tag (an <svg> or a <g> in one too: a
//                                  changed opening tag only patches the element's attributes)
// In local play the root gets the flattened text (root.innerHTML = …, as before). At a phone
// table net/morph.js gives the root drawSections: a leaf whose text is unchanged is skipped
// by a string comparison (never parsed), a changed one is parsed alone and patched in place.
// Drawing only: nothing here decides a rule.

/** the HTML text of a section list */
export function flattenSections(list) {
  let out = "";
  for (const s of list) out += s.length === 2 ? s[1] : s[1] + flattenSections(s[2]) + s[3];
  return out;
}

/** draw the root's children from a section list */
export function drawSections(root, list) {
  if (root.drawSections) root.drawSections(list);
  else root.innerHTML = flattenSections(list);
}

/** a data attribute written only when its value changes (a renderer's root keeps what a phone
 *  table added to it, and an unchanged table is not restyled) */
export function setData(el, key, value) {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

/** a part of the root was written directly (root.querySelector(…).innerHTML = …): the
 *  next drawSections must not take what it drew before as still there */
export function sectionsTouched(root) {
  if (root.forgetSections) root.forgetSections();
}
