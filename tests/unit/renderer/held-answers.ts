/**
 * The core's Api with answers the test can hold back: a call that matches is sent to the main
 * process at once, as always, but its answer reaches the state only when the test lets it go.
 * That is how an older request's answer comes after a newer one's, which a local core is
 * otherwise too quick to show.
 */
import type { Api, Channel, Input } from '../../../src/shared/ipc.ts';

type Match = (channel: Channel, input: unknown) => boolean;

export function heldAnswers(api: Api): {
  api: Api;
  /** Holds the answer of the next call that matches; returns the function that lets it go. */
  hold: (match: Match) => () => void;
} {
  const gates: { match: Match; open: Promise<void> }[] = [];
  const invoke: Api['invoke'] = async <C extends Channel>(channel: C, input: Input<C>) => {
    const answer = api.invoke(channel, input);
    // Held answers may be failures: handled here so that holding them is not an unhandled rejection.
    answer.catch(() => undefined);
    const i = gates.findIndex((g) => g.match(channel, input));
    if (i >= 0) await gates.splice(i, 1)[0]!.open;
    return answer;
  };
  const hold = (match: Match) => {
    let release!: () => void;
    const open = new Promise<void>((resolve) => (release = resolve));
    gates.push({ match, open });
    return release;
  };
  return { api: { ...api, invoke }, hold };
}
