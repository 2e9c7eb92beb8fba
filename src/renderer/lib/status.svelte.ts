import type { Api, AppStatus } from '../../shared/ipc.ts';
import { contextSlot } from './context.ts';
import { failureWords } from './notice.ts';

/** The connection status shown in the status bar, kept current by the main process's events. */
export class StatusState {
  current = $state<AppStatus | null>(null);
  /** Why the status could not be read, as words made when drawn (they follow the language). */
  #failed = $state<(() => string) | null>(null);

  readonly #api: Api;

  readonly #stops: (() => void)[] = [];

  constructor(api: Api) {
    this.#api = api;
    this.#stops.push(api.on('app.statusChanged', (status) => (this.current = status)));
    void this.refresh();
  }

  /** Ends its subscriptions (the page's states end with the page: App.svelte). */
  dispose(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  /**
   * Now on the service's clock (epoch ms): what a service time (an alert's end, a recording's
   * start) is compared with. The machine's clock need not be the service's.
   */
  serviceNow(): number {
    return Date.now() + (this.current?.clockOffsetMs ?? 0);
  }

  /** Why the status could not be read, in the language in force now. */
  get error(): string | null {
    return this.#failed?.() ?? null;
  }

  async refresh(): Promise<void> {
    try {
      this.current = await this.#api.invoke('app.status', {});
      this.#failed = null;
    } catch (error) {
      this.#failed = failureWords(error);
    }
  }
}

export const statusContext = contextSlot<StatusState>('status');
