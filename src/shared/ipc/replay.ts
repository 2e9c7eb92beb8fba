/**
 * The weather replay: the ten-minute marks of the last hours, the worldwide observation snapshot
 * of a mark, and the alerts in force at it (interface 4.2 and 4.5, snapshots).
 */
import { z } from 'zod';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';

const iso = once(() => z.string().max(40));

/** The worldwide snapshot of a ten-minute mark, column-wise (it holds every camera). */
export interface WeatherSnapshot {
  mark: string;
  time: string;
  ids: string[];
  lon: number[];
  lat: number[];
  road_weather: number[];
  visibility: number[];
  precip: number[];
}

/** An alert in force at a ten-minute mark, as the replay draws it. */
export interface ReplayAlert {
  id: string;
  event: string;
  headline: string;
  /** As the service wrote it: the map colours words it does not know as unknown. */
  severity: string;
  /** Polygons, each as rings of [lat, lon] (Leaflet's order), big ones simplified. */
  polygons: [number, number][][][];
}

/** The alerts of a ten-minute mark (alerts/_all), least severe first (most severe on top). */
export interface AlertSnapshot {
  mark: string;
  time: string;
  alerts: ReplayAlert[];
}

export const replayChannels = onFirstUse({
  /** The ten-minute marks of the last `hours` whose snapshots should exist, oldest first. */
  'replay.marks': {
    input: () => z.object({ hours: z.number().int().min(1).max(48) }).strict(),
    result: type<string[]>(),
  },
  'replay.observations': {
    input: () => z.object({ time: iso() }).strict(),
    result: type<WeatherSnapshot>(),
  },
  /** The alerts in force at the same mark (alerts/_all), for the replay to draw. */
  'replay.alerts': {
    input: () => z.object({ time: iso() }).strict(),
    result: type<AlertSnapshot>(),
  },
} as const);
