/**
 * Faults injected on signed downloads, so that the app's resume and retry paths can be
 * tested against real misbehaviour: a connection reset in the middle of the body, a stall
 * (headers and part of the body, then silence), or a 503.
 */

export type FaultKind = 'reset' | 'stall' | '503';
export const FAULT_KINDS: readonly FaultKind[] = ['reset', 'stall', '503'];

export interface FaultSpec {
  kind: FaultKind;
  /** How many matching requests it affects (default 1). */
  times?: number;
  /** Only signed paths containing this text (default: every signed download). */
  match?: string;
  /** reset/stall: the share of the body sent before the fault, 0..1 (default 0.5). */
  after?: number;
  /** stall: how long the connection stays silent before it is closed (default 30 s). */
  stallMs?: number;
}

export interface ActiveFault extends Required<Omit<FaultSpec, 'match'>> {
  match: string | undefined;
}

export class FaultInjector {
  readonly #faults: ActiveFault[] = [];

  add(spec: FaultSpec): void {
    if (!FAULT_KINDS.includes(spec.kind))
      throw new RangeError(`Unknown fault kind ${String(spec.kind)}: use reset, stall or 503`);
    this.#faults.push({
      kind: spec.kind,
      times: Math.max(1, Math.floor(spec.times ?? 1)),
      match: spec.match,
      after: Math.min(1, Math.max(0, spec.after ?? 0.5)),
      stallMs: Math.max(0, spec.stallMs ?? 30_000),
    });
  }

  /** The fault for this request, if any; each use counts against its `times`. */
  take(path: string): ActiveFault | undefined {
    const i = this.#faults.findIndex((f) => f.match === undefined || path.includes(f.match));
    if (i < 0) return undefined;
    const f = this.#faults[i]!;
    if (--f.times <= 0) this.#faults.splice(i, 1);
    return { ...f };
  }

  clear(): void {
    this.#faults.length = 0;
  }

  get pending(): number {
    return this.#faults.length;
  }
}
