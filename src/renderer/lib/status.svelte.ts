import type { AppStatus } from '../../shared/ipc.ts';
import { api } from './api.ts';

/** The connection status shown in the status bar, kept current by the main process's events. */
class StatusState {
  current = $state<AppStatus | null>(null);
  error = $state<string | null>(null);

  constructor() {
    api.on('app.statusChanged', (status) => (this.current = status));
    void this.refresh();
  }

  async refresh(): Promise<void> {
    try {
      this.current = await api.invoke('app.status', {});
      this.error = null;
    } catch (error) {
      this.error = (error as Error).message;
    }
  }
}

export const status = new StatusState();
