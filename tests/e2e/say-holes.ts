/**
 * A message as a pattern with holes, for words whose parameters a spec cannot know in advance
 * (a count of cameras, a distance, a routing service's address): the message is said with a
 * stand-in for each such parameter, and each stand-in becomes the pattern it stands for.
 */

/** `text` as a pattern that finds it as it is (a message said by a translator of its own). */
export function literally(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/**
 * `message` (from sayWithin or literally) with each stand-in, wherever it is, replaced by its pattern (a
 * RegExp source). A stand-in must occur in the message, and nowhere else in it: a count said as
 * 3 is a good stand-in for a count of cameras in "3 cameras along Coast road".
 */
export function withHoles(message: RegExp, holes: Readonly<Record<string, string>>): RegExp {
  let source = message.source;
  for (const [standIn, pattern] of Object.entries(holes)) {
    if (!source.includes(standIn)) throw new Error(`${standIn} is not in ${message}`);
    source = source.replaceAll(standIn, pattern);
  }
  return new RegExp(source);
}

/** Any of `patterns`: the forms of one message (a count of one, a count of several). */
export function eitherOf(...patterns: RegExp[]): RegExp {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|'));
}
