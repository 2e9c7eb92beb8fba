/**
 * A camera's latest readings as the service itself lists them (its newest observation, asked
 * for alone): what the app's readings of a tile or a route stop must equal.
 */
import type { ApiClient } from '../../src/engine/api/index.ts';
import type { SensorReadings } from '../../src/shared/ipc/observations.ts';

export async function latestReadings(client: ApiClient, cameraId: string): Promise<SensorReadings> {
  const [latest] = (
    await client.observations.search({
      camera_id: cameraId,
      sort: 'time',
      sort_dir: 'desc',
      limit: 1,
    })
  ).features;
  return {
    cameraId,
    time: latest?.properties.time ?? null,
    road_weather: latest?.properties.sensors.road_weather?.data ?? null,
    visibility: latest?.properties.sensors.visibility?.data ?? null,
    precip: latest?.properties.sensors.precip?.data ?? null,
  };
}
