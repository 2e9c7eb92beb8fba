/**
 * The contract's input schemas are built when a channel's input is first read, not as their
 * modules load. zod builds a schema as objects (each `.min()` or `.optional()` a new one): the
 * whole contract is some 350 of its builders' calls, each with its chain, and a process checks few
 * of its channels (`roadcam session` one). Every process that imports the contract (each
 * command's start, the main process, the renderer) paid for them all: 26 ms of zod's CPU in a
 * `roadcam session` of 470 (docs/benchmarks.md, "CLI start").
 *
 * A domain file declares each channel's input as the function that builds it, and the pieces
 * its schemas share as `once(...)`; `onFirstUse` gives each channel an `input` that builds the
 * schema at its first read and is that same schema after. What the contract's readers see is
 * unchanged: the same zod schema, of the same type, as strict and worded as before.
 */
import type { z } from 'zod';

/** The value `build` returns: built at the first call, the same value at every call after. */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

/** A channel as its domain file declares it: its input schema's builder, its result type, … */
interface Declared {
  readonly input: () => z.ZodType;
}

/** The channels as the contract gives them: each with its input schema where its builder was. */
export type OnFirstUse<G> = {
  readonly [C in keyof G]: {
    readonly [K in keyof G[C]]: K extends 'input'
      ? G[C][K] extends () => infer S
        ? S
        : never
      : G[C][K];
  };
};

/** A domain's channels, each with its input built at the first read (`once`). */
export function onFirstUse<G extends Record<string, Declared>>(group: G): OnFirstUse<G> {
  const channels: Record<string, object> = {};
  for (const [name, { input, ...rest }] of Object.entries(group)) {
    channels[name] = Object.defineProperty(rest, 'input', { get: once(input), enumerable: true });
  }
  return channels as OnFirstUse<G>;
}
