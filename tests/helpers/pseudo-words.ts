/**
 * The pseudo-locale's rule for one text: every catalogue message reads "[Ŝéţţîñĝš ~~~]" in
 * en-XA, so a word of plain ASCII letters outside the brackets did not come from the catalogue.
 * Brackets nest when a message's parameter is another message: the innermost go first.
 * pseudo-text.ts applies the same rule inside the page (a function given to the page cannot
 * import, so it holds its own copy of these lines).
 */
export function plainWords(text: string): boolean {
  let rest = text;
  for (let before = ''; before !== rest;) [before, rest] = [rest, rest.replace(/\[[^[\]]*\]/g, '')];
  return /[A-Za-z]{2,}/.test(rest);
}
