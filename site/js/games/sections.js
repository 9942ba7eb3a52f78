// A table drawn in sections (docs/net.md "Updates: patched, not rebuilt"). A renderer hands
// its table over as a list of keyed pieces whose flattened text is the table's HTML:
//   [key, html]                    a leaf: any HTML (a whole element or several, parsed alone:
//                                  never the inside of an <svg> or a <table>)
//   [key, open, children, close]   a container: one element, its opening tag, a section list
//                                  inside it, its closing tag
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

/** a part of the root was written directly (root.querySelector(…).innerHTML = …): the
 *  next drawSections must not take what it drew before as still there */
export function sectionsTouched(root) {
  if (root.forgetSections) root.forgetSections();
}
