import type { Api, AppStatus } from '../../shared/ipc.ts';
import { contextSlot } from './context.ts';

/** The connection status shown in the status bar, kept current by the main process's events. */
export class StatusState {
  current = $state<AppStatus | null>(null);
  error = $state<string | null>(null);

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

  async refresh(): Promise<void> {
    try {
      this.current = await this.#api.invoke('app.status', {});
      this.error = null;
    } catch (error) {
      this.error = (error as Error).message;
    }
  }
}

export const statusContext = contextSlot<StatusState>('status');
