/**
 * Test support for the renderer's component tests (never imported by the app): an Api whose
 * answers a test gives per channel, which records every call and lets the test emit the main
 * process's events. Web code, so that the renderer's tsconfig and lint rules hold for it; a
 * state tested against a real core uses the core's direct transport instead (tests/unit/renderer).
 */
import type { Api, Channel, EventName, EventPayload, Input, Result } from '../../shared/ipc.ts';

export type Answers = {
  [C in Channel]?: (input: Input<C>) => Result<C> | Promise<Result<C>>;
};

export interface ChannelCall {
  channel: Channel;
  input: unknown;
}

export interface FakeApi extends Api {
  /** Every invoke, in order. */
  readonly calls: ChannelCall[];
  /** The inputs of the calls to one channel. */
  inputsOf<C extends Channel>(channel: C): Input<C>[];
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
}

export function fakeApi(answers: Answers = {}): FakeApi {
  const calls: ChannelCall[] = [];
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  return {
    calls,
    inputsOf: <C extends Channel>(channel: C) =>
      calls.filter((c) => c.channel === channel).map((c) => c.input as Input<C>),
    async invoke<C extends Channel>(channel: C, input: Input<C>): Promise<Result<C>> {
      calls.push({ channel, input });
      const answer = answers[channel] as ((input: Input<C>) => Result<C>) | undefined;
      if (!answer)
        throw new Error(`The fake Api has no answer for ${channel}: give one in fakeApi({...})`);
      return answer(input);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload as never);
    },
  };
}
