/**
 * A small LRU of serialized search responses. Keys include the world's data version and the
 * clock's second, so an entry can only be served within the same second of the same data:
 * repeated identical queries (a map redrawn by many clients) cost one search per second.
 */
export class ResponseCache {
  readonly #entries = new Map<string, string>();
  readonly #max: number;
  enabled: boolean;

  constructor(max = 1000, enabled = true) {
    this.#max = max;
    this.enabled = enabled;
  }

  get(key: string): string | undefined {
    if (!this.enabled) return undefined;
    const hit = this.#entries.get(key);
    if (hit !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: string): void {
    if (!this.enabled) return;
    this.#entries.set(key, value);
    if (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value!);
  }

  clear(): void {
    this.#entries.clear();
  }
}
