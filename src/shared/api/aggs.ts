/**
 * The aggregations the interface lists as "seen in use" per search (interface 4.0, point 3). The
 * complete list of aggregatable attributes is not shown: a service may refuse any other, so the
 * client asks for others only as extras it can do without.
 */
const SENSOR_AGGS = ['road_weather', 'visibility', 'precip'].flatMap((type) => [
  `sensors.${type}`,
  `sensors.${type}.prev`,
]);

export const SEEN_AGGREGATIONS = {
  observations: ['state', 'time', ...SENSOR_AGGS],
  cameras: ['state', 'city'],
  recordings: ['state', 'city'],
  alerts: ['event', 'state'],
  collections: ['tags'],
} as const satisfies Record<string, readonly string[]>;

export type AggregatingKind = keyof typeof SEEN_AGGREGATIONS;
