/**
 * What is wrong with a malformed encoded polyline, as a problem a front end says in its user's
 * language (route.polyline.* in the catalogue) and, for logs, in English.
 */

const PROBLEMS = {
  endsInNumber: 'polyline ends in the middle of a number',
  badCharacter: 'polyline has an invalid character at {at}',
  numberTooLong: 'polyline has a number that is too long',
  latitudeAlone: 'polyline has a latitude without longitude',
} as const;

export type PolylineProblem = keyof typeof PROBLEMS;

/** A polyline that does not decode: its problem, and where (`at`: the character, from 1). */
export class PolylineError extends RangeError {
  readonly problem: PolylineProblem;
  readonly at: number;

  constructor(problem: PolylineProblem, at = 0) {
    super(PROBLEMS[problem].replace('{at}', String(at)));
    this.problem = problem;
    this.at = at;
  }
}
