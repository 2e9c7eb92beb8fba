/**
 * Stand-ins of the three routing services over real HTTP, each speaking its documented format:
 * OSRM's `GET /route/v1/driving/{lon,lat;...}` (code "Ok", routes[].geometry in polyline6),
 * Valhalla's `POST /route` (trip.legs[].shape in polyline6, error_code 442 for no path) and
 * GraphHopper's `GET /route?point=lat,lon` (paths[].points in polyline5, 401 for a bad key).
 * Their road between two points bows to one side (a straight line it is not), one point every
 * few meters as a real answer has. A test chooses how the next answers go with `behave`, and
 * with `passThrough` places the road passes on its way (a real road past some cameras).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodePolyline, type LonLat } from '../../src/shared/geo.ts';

export type StandInKind = 'osrm' | 'valhalla' | 'graphhopper';
export type StandInBehaviour = 'route' | 'no-route' | 'bad-json' | 'huge' | 'silent';

export interface StandInAsk {
  method: string;
  url: string;
  points: LonLat[];
}

export interface RoutingStandIn {
  url: string;
  /** Every request received, its points read as the service reads them. */
  asks: StandInAsk[];
  behave(how: StandInBehaviour): void;
  /** The road drawn from the first point asked passes these first, in order, then the rest. */
  passThrough(points: readonly LonLat[]): void;
  close(): Promise<void>;
}

/** The stand-ins' road between two points: 1,000 points bowing `bowKm` to the left. */
export function standInRoad(points: readonly LonLat[], perLeg = 1000, bowKm = 3): LonLat[] {
  const road: LonLat[] = [points[0]!];
  for (let leg = 1; leg < points.length; leg++) {
    const [a, b] = [points[leg - 1]!, points[leg]!];
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const length = Math.hypot(dx, dy) || 1;
    const bowDeg = bowKm / 111;
    for (let i = 1; i <= perLeg; i++) {
      const t = i / perLeg;
      const side = Math.sin(Math.PI * t) * bowDeg;
      road.push([a[0] + dx * t - (dy / length) * side, a[1] + dy * t + (dx / length) * side]);
    }
  }
  return road.map(([lon, lat]) => [round(lon, 6), round(lat, 6)]);
}

export const GRAPHHOPPER_KEY = 'gh-test-key-5b1f0c';

export async function startRoutingStandIn(kind: StandInKind): Promise<RoutingStandIn> {
  let behaviour: StandInBehaviour = 'route';
  let through: readonly LonLat[] = [];
  const asks: StandInAsk[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const points = pointsOf(kind, request, body);
      asks.push({ method: request.method ?? '', url: request.url ?? '', points });
      if (behaviour === 'silent') return void held.push(response);
      const drawn = [...points.slice(0, 1), ...through, ...points.slice(1)];
      answer(kind, behaviour, request, drawn, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asks,
    behave: (how) => void (behaviour = how),
    passThrough: (points) => void (through = points),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function answer(
  kind: StandInKind,
  behaviour: StandInBehaviour,
  request: IncomingMessage,
  points: LonLat[],
  response: ServerResponse,
): void {
  const send = (status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  };
  if (kind === 'graphhopper') {
    const key = new URL(request.url ?? '/', 'http://x').searchParams.get('key');
    if (key !== GRAPHHOPPER_KEY) {
      return send(
        401,
        JSON.stringify({
          message:
            'Wrong credentials. Register and get a valid API key at https://www.graphhopper.com/developers/',
        }),
      );
    }
  }
  if (behaviour === 'bad-json') return send(200, '<html>502 Bad Gateway</html>');
  if (behaviour === 'huge') return send(200, `{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`);
  if (behaviour === 'no-route') return send(400, JSON.stringify(NO_ROUTE[kind]));
  send(200, JSON.stringify(routeAnswer(kind, points)));
}

const NO_ROUTE: Record<StandInKind, object> = {
  osrm: { code: 'NoRoute', message: 'Impossible route between points' },
  valhalla: {
    error_code: 442,
    error: 'No path could be found for input',
    status_code: 400,
    status: 'Bad Request',
  },
  graphhopper: {
    message: 'Connection between locations not found',
    hints: [
      {
        message: 'Connection between locations not found',
        details: 'com.graphhopper.util.exceptions.ConnectionNotFoundException',
      },
    ],
  },
};

function routeAnswer(kind: StandInKind, points: LonLat[]): object {
  if (kind === 'osrm') {
    const geometry = encodePolyline(standInRoad(points), 6);
    return { code: 'Ok', routes: [{ geometry, distance: 1, duration: 1 }], waypoints: [] };
  }
  if (kind === 'valhalla') {
    const legs = points.slice(1).map((end, i) => ({
      shape: encodePolyline(standInRoad([points[i]!, end]), 6),
      summary: {},
    }));
    return { trip: { legs, status: 0, status_message: 'Found route between points' } };
  }
  const encoded = encodePolyline(standInRoad(points), 5);
  return {
    paths: [{ points: encoded, points_encoded: true, points_encoded_multiplier: 1e5, distance: 1 }],
  };
}

function pointsOf(kind: StandInKind, request: IncomingMessage, body: string): LonLat[] {
  const url = new URL(request.url ?? '/', 'http://x');
  if (kind === 'osrm') {
    const where = decodeURIComponent(url.pathname.replace('/route/v1/driving/', ''));
    return where.split(';').map((pair) => pair.split(',').map(Number) as unknown as LonLat);
  }
  if (kind === 'valhalla') {
    const asked = JSON.parse(body || '{}') as { locations?: { lon: number; lat: number }[] };
    return (asked.locations ?? []).map(({ lon, lat }) => [lon, lat]);
  }
  return url.searchParams.getAll('point').map((pair) => {
    const [lat, lon] = pair.split(',').map(Number);
    return [lon!, lat!];
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

function round(value: number, digits: number): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}
