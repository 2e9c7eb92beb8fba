import type { Api } from '../../shared/ipc.ts';
import type { UpdateStatus } from '../../shared/ipc/updates.ts';
import { Operation } from '../lib/operation.svelte.ts';

/** Where updates stand, as the main process says (its events keep it current). */
export class UpdatesState {
  current = $state<UpdateStatus | null>(null);
  /** Reading the status and "Check now": the main process's refusal, in its words. */
  readonly op = new Operation();

  readonly #api: Api;
  readonly #stop: () => void;

  constructor(api: Api) {
    this.#api = api;
    this.#stop = api.on('updates.changed', (status) => (this.current = status));
    void this.op.run(async () => {
      this.current = await api.invoke('updates.status', {});
    });
  }

  async check(): Promise<void> {
    this.current = (await this.op.run(() => this.#api.invoke('updates.check', {}))) ?? this.current;
  }

  dispose(): void {
    this.#stop();
  }
}

/** "10:42 UTC", "10:42 GMT+1": a time always with its zone. */
export function clockTime(iso: string, zone: 'local' | 'utc'): string {
  return new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(zone === 'utc' ? { timeZone: 'UTC' } : {}),
  }).format(Date.parse(iso));
}
