/**
 * Paging a collection's images by marker (interface 4.6): the last name of one page is the marker
 * of the next. Pages are asked for one at a time, so a scroll that fires twice cannot load the
 * same page twice; a name already shown is never shown again, and the end is the first page
 * shorter than asked for.
 */
export interface MarkerPage<T> {
  items: T[];
  /** The marker of the next page, or null at the end. */
  next: string | null;
}

export class MarkerPager<T> {
  readonly items: T[] = [];
  #seen = new Set<string>();
  #marker: string | null = '';
  #loading: Promise<boolean> | null = null;
  readonly #fetch: (marker: string) => Promise<MarkerPage<T>>;
  readonly #key: (item: T) => string;

  constructor(fetch: (marker: string) => Promise<MarkerPage<T>>, key: (item: T) => string) {
    this.#fetch = fetch;
    this.#key = key;
  }

  get done(): boolean {
    return this.#marker === null;
  }

  get loading(): boolean {
    return this.#loading !== null;
  }

  /** Loads the next page; resolves true when items were added. Concurrent calls share one. */
  more(): Promise<boolean> {
    if (this.#marker === null) return Promise.resolve(false);
    this.#loading ??= this.#load(this.#marker).finally(() => (this.#loading = null));
    return this.#loading;
  }

  async #load(marker: string): Promise<boolean> {
    const page = await this.#fetch(marker);
    let added = 0;
    for (const item of page.items) {
      const key = this.#key(item);
      if (this.#seen.has(key)) continue;
      this.#seen.add(key);
      this.items.push(item);
      added++;
    }
    this.#marker = page.next;
    return added > 0;
  }

  /** Forgets an item (removed by the user) without disturbing the marker. */
  remove(key: string): void {
    const i = this.items.findIndex((item) => this.#key(item) === key);
    if (i >= 0) this.items.splice(i, 1);
  }
}
