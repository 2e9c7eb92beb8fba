/**
 * The nested sensors[...] filters of the observation search (interface 4.2): an exact value
 * sensors[t]=v, a range sensors[t][min]/[max], and the transition form with the current value
 * under [data] and the previous one under [prev], each exact or a range. Ranges match reported
 * values only: -1 (no report) is matched by an exact -1, or by a range whose min is -1 or less.
 */
import {
  isSensorType,
  isSensorValue,
  SENSOR_TYPES,
  SENSOR_VALUES,
  type SensorType,
} from '../../shared/sensors.ts';
import { invalidParameter } from '../http/errors.ts';
import { isBag, type ParamBag, type ParamValue } from '../http/params.ts';
import { checkRange, parseNumber } from './reader.ts';
import type { Where } from './common.ts';

interface Condition {
  eq?: number;
  min?: number;
  max?: number;
}

const COLUMNS: Record<SensorType, { data: string; prev: string; scale: number }> = {
  road_weather: { data: 'o.rw', prev: 'o.prev_rw', scale: 1 },
  visibility: { data: 'o.vis', prev: 'o.prev_vis', scale: 10 },
  precip: { data: 'o.pr', prev: 'o.prev_pr', scale: 1 },
};

function scalar(name: string, v: ParamValue): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string') return v[0];
  throw invalidParameter(name, `${name} must be a single number.`);
}

function parseCondition(type: SensorType, name: string, v: ParamValue): Condition {
  if (!isBag(v)) {
    const value = parseNumber(name, scalar(name, v));
    if (!isSensorValue(type, value)) {
      throw invalidParameter(
        name,
        `${name}: ${value} is not a ${type} value; values are ${SENSOR_VALUES[type].map((x) => x.value).join(', ')}.`,
      );
    }
    return { eq: value };
  }
  const c: Condition = {};
  for (const [k, x] of Object.entries(v)) {
    if (k !== 'min' && k !== 'max')
      throw invalidParameter(name, `${name}[${k}] is not a filter; use [min] or [max].`);
    c[k] = parseNumber(`${name}[${k}]`, scalar(`${name}[${k}]`, x));
  }
  checkRange(name, c.min, c.max);
  return c;
}

function addCondition(where: Where, column: string, scale: number, c: Condition): void {
  if (c.eq !== undefined) {
    where.add(`${column} = ?`, Math.round(c.eq * scale));
    return;
  }
  if (c.min !== undefined) where.add(`${column} >= ?`, Math.ceil(c.min * scale - 1e-9));
  else where.add(`${column} IS NOT NULL`);
  if (c.max !== undefined) where.add(`${column} <= ?`, Math.floor(c.max * scale + 1e-9));
  if (c.min === undefined || c.min > -1) where.add(`${column} <> ?`, -1 * scale);
}

export function addSensorFilters(bag: ParamBag, where: Where): void {
  for (const [type, spec] of Object.entries(bag)) {
    const name = `sensors[${type}]`;
    if (!isSensorType(type))
      throw invalidParameter(
        'sensors',
        `${name}: unknown sensor type; types are ${SENSOR_TYPES.join(', ')}.`,
      );
    if (spec === '') continue;
    const cols = COLUMNS[type];
    if (isBag(spec) && ('data' in spec || 'prev' in spec)) {
      for (const [part, v] of Object.entries(spec)) {
        if (part !== 'data' && part !== 'prev') {
          throw invalidParameter(
            'sensors',
            `${name}[${part}]: with [data] or [prev], put [min]/[max] under them, as ${name}[data][min].`,
          );
        }
        addCondition(where, cols[part], cols.scale, parseCondition(type, `${name}[${part}]`, v));
      }
    } else {
      addCondition(where, cols.data, cols.scale, parseCondition(type, name, spec));
    }
  }
}
