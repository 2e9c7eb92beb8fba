import { z } from 'zod';
import type { LonLat } from '../geo.ts';
import { MAX_BUFFER_KM, MIN_BUFFER_KM } from '../route-link.ts';
import { MAX_ROUTE_POINTS } from '../route-file.ts';
import type { TravelDirection } from '../route.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';
import type { CameraSummary } from './cameras.ts';
import type { SensorReadings } from './observations.ts';

const lonLat = once(() => z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]));
const line = once(() =>
  z
    .array(lonLat())
    .min(2, 'A route needs at least two points.')
    .max(MAX_ROUTE_POINTS, `A route has at most ${MAX_ROUTE_POINTS} points.`),
);
const bufferKm = once(() => z.number().min(MIN_BUFFER_KM).max(MAX_BUFFER_KM));
const routeName = once(() => z.string().trim().min(1, 'A route needs a name.').max(100));

/** A route saved by name for one service. */
export interface SavedRoute {
  id: number;
  name: string;
  line: LonLat[];
  /** Cameras within this distance of the line are along the route. */
  bufferKm: number;
  lengthKm: number;
  /** ISO 8601 UTC. */
  updatedAt: string;
}

/** A camera along a route, placed on it, with its latest readings. */
export interface RouteCamera extends CameraSummary {
  /** From the route's start to the camera's nearest point on it. */
  alongKm: number;
  /** From the camera to the route. */
  offKm: number;
  /** The segment it is on (between points segment and segment + 1 of the line). */
  segment: number;
  /** The route's bearing there, degrees clockwise from north. */
  bearing: number;
  /** What the camera's description says it watches, against the route's way; null: unknown. */
  direction: TravelDirection | null;
  sensors: SensorReadings;
}

export interface RouteAlert {
  id: string;
  event: string;
  headline: string;
  severity: string;
  /** ISO 8601 UTC; null when the alert names no end. */
  expires: string | null;
}

/** A route with the cameras along it in driving order, and the alerts that touch it. */
export interface RouteShown {
  route: { id: number | null; name: string; line: LonLat[]; bufferKm: number; lengthKm: number };
  cameras: RouteCamera[];
  /**
   * False when more cameras lie along the route than one answer carries (MAX_ROUTE_CAMERAS):
   * then `cameras` are the first ones from the start.
   */
  complete: boolean;
  alerts: RouteAlert[];
}

/** A typed place found: a city of the offline list, a camera matching it, or coordinates. */
export interface RoutePlace {
  /** As the user reads it: "Denver, CO, US", a camera's name, "39.7392, -104.9903". */
  name: string;
  lon: number;
  lat: number;
  kind: 'city' | 'camera' | 'coordinates';
  /** A city's people; null for the other kinds. */
  population: number | null;
}

/** A typed place: the one meant, or (a name several cities share) the ones to choose from. */
export interface PlaceFound {
  q: string;
  place: RoutePlace | null;
  /** Filled when `place` is null: the largest first. */
  choices: RoutePlace[];
}

/** The line between places: along the roads by the chosen routing service, else straight. */
export interface RoadFound {
  line: LonLat[];
  /**
   * Who drew it: the service's name and host, said "OSRM at router.example.org"
   * (route.state.service); null: no routing service is set.
   */
  routedBy: { service: string; host: string } | null;
  /** The routed line's points before it was simplified; null when it was kept whole. */
  simplifiedFrom: number | null;
}

/** Stops between the start and the end of a route at most. */
export const MAX_ROUTE_STOPS = 3;

/** Cameras one answer carries at most (the first from the start), each with its readings. */
export const MAX_ROUTE_CAMERAS = 200;

const byIdOrName = once(() =>
  z.union([
    z.object({ id: z.number().int().positive() }).strict(),
    z.object({ name: routeName() }).strict(),
  ]),
);

export const routesChannels = onFirstUse({
  /** The saved routes of this service, by name. */
  'routes.list': { input: () => z.object({}).strict(), result: type<SavedRoute[]>() },
  /**
   * Saves a route: with an id, that route (a rename, a redrawn line); without, the route of that
   * name, made or replaced. A name another route holds is refused.
   */
  'routes.save': {
    input: () =>
      z
        .object({
          id: z.number().int().positive().optional(),
          name: routeName(),
          line: line(),
          bufferKm: bufferKm(),
        })
        .strict(),
    result: type<SavedRoute>(),
  },
  'routes.remove': { input: byIdOrName, result: type<{ removed: boolean }>() },
  /** A saved route (by id or name), or a given line, with its cameras in order and alerts. */
  'routes.show': {
    input: () =>
      z.union([
        byIdOrName(),
        z.object({ line: line(), bufferKm: bufferKm(), name: routeName().optional() }).strict(),
      ]),
    result: type<RouteShown>(),
  },
  /**
   * A typed place: "lat,lon"; a city of the offline list ("Denver", "Springfield, MO"), or the
   * cities of that name to choose from; else the first camera whose text matches it.
   */
  'routes.place': {
    input: () => z.object({ q: z.string().trim().min(1).max(200) }).strict(),
    result: type<PlaceFound>(),
  },
  /**
   * The line through the places (start, stops, end): along the roads when Settings name a
   * routing service (the points are sent to it), simplified within half the buffer.
   */
  'routes.road': {
    input: () =>
      z
        .object({
          points: z
            .array(lonLat())
            .min(2, 'A route needs a start and an end.')
            .max(MAX_ROUTE_STOPS + 2, `A route has at most ${MAX_ROUTE_STOPS} stops.`),
          bufferKm: bufferKm(),
        })
        .strict(),
    result: type<RoadFound>(),
  },
  /** Keeps (or, with null, forgets) the routing service's API key in the system keychain. */
  'routes.routerKey': {
    input: () => z.object({ key: z.string().trim().min(1).max(500).nullable() }).strict(),
    result: type<{ saved: boolean }>(),
  },
} as const);
