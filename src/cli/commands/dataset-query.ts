/**
 * The observation search's flags, typed as the contract's observation query takes them (the
 * Map sends numbers; the command line typed text): --bbox 1,2,3,4, --polygon "lon lat,...",
 * --lat/--lon, --sensors[road_weather][min]=6. Text that is not a number is said so here.
 */
import { UsageError } from '../argv.ts';
import { said } from '../../shared/i18n/translator.ts';

const NUMBERS = ['lat', 'lon', 'polyline_radius', 'polyline_precision'];

export function typedObservationQuery(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'sensors') out.sensors = numbersIn(value, 'sensors');
    else if (typeof value !== 'string') out[name] = value;
    else if (name === 'bbox') out.bbox = numberList(value, 'bbox', 4);
    else if (name === 'polygon') out.polygon = polygonOf(value);
    else if (NUMBERS.includes(name)) out[name] = numberOf(value, name);
    else if (name === 'radius' && /^\d+(\.\d+)?$/.test(value)) out.radius = Number(value);
    else out[name] = value;
  }
  return out;
}

function numberOf(text: string, name: string): number {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(n)) {
    throw new UsageError(said('cli.notNumber', { name, raw: text }));
  }
  return n;
}

function numberList(text: string, name: string, count: number): number[] {
  const parts = text.split(',');
  if (parts.length !== count) {
    throw new UsageError(said('cli.bboxNumbers', { name, count, raw: text }));
  }
  return parts.map((p) => numberOf(p, name));
}

/** "lon lat,lon lat,...": the interface's form (section 2.1). */
function polygonOf(text: string): [number, number][] {
  return text.split(',').map((pair) => {
    const [lon, lat, extra] = pair.trim().split(/\s+/);
    if (lon === undefined || lat === undefined || extra !== undefined) {
      throw new UsageError(said('cli.polygonPairs', { raw: text }));
    }
    return [numberOf(lon, 'polygon'), numberOf(lat, 'polygon')];
  });
}

/** The sensors' nested values, each a number (a value, or a range's min and max). */
function numbersIn(value: unknown, path: string): unknown {
  if (typeof value === 'string') return numberOf(value, path);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, numbersIn(v, `${path}[${k}]`)]),
  );
}
