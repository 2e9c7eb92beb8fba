import type { SensorReadings } from '../../shared/ipc/observations.ts';
import type { Api } from '../../shared/ipc.ts';

const SENSORS_EVERY_MS = 120_000;

/** The latest sensor readings of the cameras a wall shows, read again every 2 minutes. */
export class WallSensors {
  readings = $state<Record<string, SensorReadings>>({});
  readonly #api: Api;
  readonly #ids: () => string[];
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(api: Api, ids: () => string[]) {
    this.#api = api;
    this.#ids = ids;
  }

  async refresh(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = setInterval(() => void this.refresh(), SENSORS_EVERY_MS);
    const ids = this.#ids();
    if (ids.length === 0) return;
    try {
      const readings = await this.#api.invoke('observations.latest', { ids });
      const next = { ...this.readings };
      for (const reading of readings) next[reading.cameraId] = reading;
      this.readings = next;
    } catch {
      // Badges keep their last readings; the tile's own state tells when a camera is offline.
    }
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
