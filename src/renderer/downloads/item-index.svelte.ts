import {
  DOWNLOAD_STATES,
  type DownloadItemView,
  type DownloadState,
} from '../../shared/ipc/downloads.ts';

/**
 * The queue's items, indexed so that an update of k items costs O(k log n), whatever the
 * number of items: each item is a cell of its own (a row reads only its item), and each batch
 * keeps its item ids in queue order, all of them and per state (what the state filter shows),
 * each list with a signal that moves only when its membership changes. A batch of 10,000 whose
 * files complete one by one moves its state lists, never its full list, and no other batch.
 */
export class ItemIndex {
  // Plain maps on purpose: a reactive one would wake every reader on any write; here each cell
  // and each list carries its own signal.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #cells = new Map<number, Cell>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #batches = new Map<number, BatchItems>();

  get size(): number {
    return this.#cells.size;
  }

  /** One item, read reactively: a row that shows it follows its changes, and only its own. */
  get(id: number): DownloadItemView | undefined {
    return this.#cells.get(id)?.view;
  }

  /**
   * A batch's item ids in queue order: all of them, or those in one state. The array read
   * stays the same until the list's membership changes (then a new one), so a view keyed by it
   * does nothing when items only change state within the list it shows.
   */
  idsOf(batchId: number, filter: DownloadState | 'all'): readonly number[] {
    return this.#batch(batchId).list(filter).read();
  }

  /** How many items of a batch are in a state, without copying the list. */
  countOf(batchId: number, state: DownloadState): number {
    return this.#batches.get(batchId)?.list(state).size ?? 0;
  }

  put(item: DownloadItemView): void {
    const cell = this.#cells.get(item.id);
    if (!cell) {
      this.#cells.set(item.id, new Cell(item));
      this.#batch(item.batchId).add(item.id, item.state);
      return;
    }
    const before = cell.view;
    if (before.state !== item.state) {
      this.#batch(item.batchId).move(item.id, before.state, item.state);
    }
    cell.view = item;
  }

  /** Drops a cleared batch's items. */
  removeBatch(batchId: number): void {
    const batch = this.#batches.get(batchId);
    if (!batch) return;
    for (const id of batch.list('all').read()) this.#cells.delete(id);
    batch.clear();
  }

  /**
   * Takes a full snapshot: items already known keep their cells (a row showing one follows
   * it), the others are added, and those the snapshot lacks are dropped.
   */
  replaceAll(items: readonly DownloadItemView[]): void {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- local to this call
    const seen = new Set<number>();
    for (const item of items) {
      this.put(item);
      seen.add(item.id);
    }
    for (const [id, cell] of this.#cells) {
      if (seen.has(id)) continue;
      this.#batch(cell.view.batchId).drop(id, cell.view.state);
      this.#cells.delete(id);
    }
  }

  /** Every item in a state, batch by batch (newest batch first), in queue order. */
  inState(state: DownloadState): DownloadItemView[] {
    const out: DownloadItemView[] = [];
    const batches = [...this.#batches.keys()].sort((a, b) => b - a);
    for (const batchId of batches) {
      for (const id of this.#batches.get(batchId)!.list(state).read()) {
        out.push(this.#cells.get(id)!.view);
      }
    }
    return out;
  }

  /** Made on first use, also by a view that reads a batch whose items have not arrived yet. */
  #batch(batchId: number): BatchItems {
    let batch = this.#batches.get(batchId);
    if (!batch) {
      batch = new BatchItems();
      this.#batches.set(batchId, batch);
    }
    return batch;
  }
}

class Cell {
  view = $state.raw() as DownloadItemView;

  constructor(view: DownloadItemView) {
    this.view = view;
  }
}

class BatchItems {
  readonly #all = new IdList();
  readonly #byState = new Map<DownloadState, IdList>(DOWNLOAD_STATES.map((s) => [s, new IdList()]));

  list(filter: DownloadState | 'all'): IdList {
    return filter === 'all' ? this.#all : this.#byState.get(filter)!;
  }

  add(id: number, state: DownloadState): void {
    this.#all.add(id);
    this.list(state).add(id);
  }

  move(id: number, from: DownloadState, to: DownloadState): void {
    this.list(from).remove(id);
    this.list(to).add(id);
  }

  drop(id: number, state: DownloadState): void {
    this.#all.remove(id);
    this.list(state).remove(id);
  }

  clear(): void {
    this.#all.clear();
    for (const list of this.#byState.values()) list.clear();
  }
}

/**
 * Item ids in ascending order (the queue's order: ids are given in the order items are
 * queued). Insertion is a binary search and one move of the ids after it (a memmove of at
 * most 40 KB at 10,000); the copy handed to a view is made once per change, when read.
 */
class IdList {
  readonly #ids: number[] = [];
  #version = $state(0);
  #copy: readonly number[] | null = null;

  get size(): number {
    return this.#ids.length;
  }

  read(): readonly number[] {
    void this.#version;
    this.#copy ??= this.#ids.slice();
    return this.#copy;
  }

  add(id: number): void {
    const ids = this.#ids;
    if (ids.length === 0 || ids[ids.length - 1]! < id) ids.push(id);
    else {
      const at = this.#search(id);
      if (ids[at] === id) return;
      ids.splice(at, 0, id);
    }
    this.#changed();
  }

  remove(id: number): void {
    const at = this.#search(id);
    if (this.#ids[at] !== id) return;
    this.#ids.splice(at, 1);
    this.#changed();
  }

  clear(): void {
    if (this.#ids.length === 0) return;
    this.#ids.length = 0;
    this.#changed();
  }

  /** The index of the first id not below `id`. */
  #search(id: number): number {
    let lo = 0;
    let hi = this.#ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #changed(): void {
    this.#copy = null;
    this.#version++;
  }
}
