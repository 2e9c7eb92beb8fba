import type { ChangeKind } from '../../shared/condition-changes.ts';
import type {
  ConditionChanges,
  ConditionsNotice,
  ConditionTarget,
  ConditionWatch,
} from '../../shared/ipc/conditions.ts';
import type { Api } from '../../shared/ipc.ts';
import { Operation } from '../lib/operation.svelte.ts';

/** The Alerts view's road-condition watches, and the changes of the one opened. */
export class ConditionsState {
  watches = $state.raw<ConditionWatch[]>([]);
  notices = $state.raw<ConditionsNotice[]>([]);
  opened = $state.raw<ConditionChanges | null>(null);
  /** The list, an add, a check or a remove. */
  readonly #edits = new Operation();
  readonly #opening = new Operation();
  readonly #history = new Operation();
  readonly #api: Api;
  readonly #stop: () => void;

  constructor(api: Api) {
    this.#api = api;
    this.#stop = api.on('conditions.changed', (notice) => {
      this.notices = [notice, ...this.notices].slice(0, 20);
      void this.load();
      if (this.opened?.watch.id === notice.watchId) void this.open(notice.watchId);
    });
  }

  /** An add, a check or a remove that failed, in words. */
  get problem(): string | null {
    return this.#edits.error;
  }
  get busy(): boolean {
    return this.#edits.busy;
  }
  get openError(): string | null {
    return this.#opening.error;
  }
  get historyError(): string | null {
    return this.#history.error;
  }
  get historyLoading(): boolean {
    return this.#history.busy;
  }

  dispose(): void {
    this.#stop();
  }

  async load(): Promise<void> {
    await this.#try(async () => {
      this.watches = await this.#api.invoke('conditions.watches.list', {});
    });
  }

  async add(name: string, target: ConditionTarget, changes: ChangeKind[]): Promise<boolean> {
    return this.#try(async () => {
      this.watches = await this.#api.invoke('conditions.watches.add', { name, target, changes });
    });
  }

  async check(): Promise<void> {
    await this.#try(async () => {
      this.watches = await this.#api.invoke('conditions.watches.check', {});
    });
  }

  async remove(id: number): Promise<void> {
    await this.#try(async () => {
      this.watches = await this.#api.invoke('conditions.watches.remove', { id });
    });
  }

  /** A watch's noticed changes (its history only when asked: it reads up to 288 snapshots). */
  async open(id: number): Promise<void> {
    if (this.opened?.watch.id !== id) this.opened = null;
    const found = await this.#opening.latest(() => this.#api.invoke('conditions.changes', { id }));
    if (found) this.opened = { ...found, history: this.opened?.history ?? null };
  }

  async loadHistory(hours = 48): Promise<void> {
    const id = this.opened?.watch.id;
    if (id === undefined) return;
    const found = await this.#history.latest(() =>
      this.#api.invoke('conditions.changes', { id, history: true, hours }),
    );
    if (found && this.opened?.watch.id === id) this.opened = found;
  }

  async #try(work: () => Promise<void>): Promise<boolean> {
    return (await this.#edits.run(async () => (await work(), true))) ?? false;
  }
}
