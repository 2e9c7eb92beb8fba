/**
 * A network failure that Roadcam can put in words (an untrusted certificate, a proxy that
 * refuses): its message says what is wrong and what to do. Retrying does not help.
 */
export class NetProblem extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'NetProblem';
  }
}
