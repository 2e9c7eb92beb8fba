import type { AlertSearch } from '../../shared/ipc/searches.ts';
import { t } from '../lib/words.svelte.ts';

export type Period = 'current' | 'expired' | 'any';

/** The Alerts view's filter bar: every filter of interface 4.5, as the inputs hold them. */
export interface AlertFilters {
  period: Period;
  severity: '' | NonNullable<AlertSearch['severity']>;
  urgency: '' | NonNullable<AlertSearch['urgency']>;
  certainty: '' | NonNullable<AlertSearch['certainty']>;
  event: string;
  state: string;
  country: string;
  /** datetime-local values, read as UTC (the view says so): no time-zone dependence. */
  effectiveMin: string;
  effectiveMax: string;
  expiresMin: string;
  expiresMax: string;
  /** "west,south,east,north" in degrees, as the service's bbox. */
  area: string;
  q: string;
}

export const noFilters: AlertFilters = {
  period: 'current',
  severity: '',
  urgency: '',
  certainty: '',
  event: '',
  state: '',
  country: '',
  effectiveMin: '',
  effectiveMax: '',
  expiresMin: '',
  expiresMax: '',
  area: '',
  q: '',
};

/** One page of the service's alerts: 100 at most, as the service allows. */
export const ALERT_PAGE = 100;

/** A datetime-local value ("2026-11-20T10:30") as the UTC instant the view labels it. */
function utc(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  return /[zZ]|[+-]\d\d:\d\d$/.test(trimmed)
    ? trimmed
    : `${trimmed.length === 16 ? `${trimmed}:00` : trimmed}Z`;
}

/** The bbox of "west,south,east,north", or an error a user can act on. */
export function parseArea(text: string): AlertSearch['bbox'] | string | undefined {
  if (!text.trim()) return undefined;
  const numbers = text.split(',').map((part) => Number(part.trim()));
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) {
    return t('alerts.area.fourNumbers');
  }
  const [west, south, east, north] = numbers as [number, number, number, number];
  if (
    Math.abs(west) > 180 ||
    Math.abs(east) > 180 ||
    Math.abs(south) > 90 ||
    Math.abs(north) > 90
  ) {
    return t('alerts.area.range');
  }
  if (south >= north) return t('alerts.area.southNorth');
  return [west, south, east, north];
}

/** The search parameters of the filters, for the page starting at `skip`; or an input error. */
export function alertParams(f: AlertFilters, skip = 0): AlertSearch | string {
  const params: AlertSearch = {
    limit: ALERT_PAGE,
    sort: 'severity',
    sort_dir: 'desc',
    aggs: ['event'],
  };
  if (skip > 0) params.skip = skip;
  if (f.period !== 'current') params.expired = f.period === 'expired' ? 'true' : 'any';
  if (f.severity) params.severity = f.severity;
  if (f.urgency) params.urgency = f.urgency;
  if (f.certainty) params.certainty = f.certainty;
  if (f.event) params.event = f.event;
  if (f.state.trim()) params.state = f.state.trim();
  if (f.country.trim()) params.country = f.country.trim();
  const ranges = [
    ['effective_min', f.effectiveMin],
    ['effective_max', f.effectiveMax],
    ['expires_min', f.expiresMin],
    ['expires_max', f.expiresMax],
  ] as const;
  for (const [key, value] of ranges) {
    const instant = utc(value);
    if (instant) params[key] = instant;
  }
  const area = parseArea(f.area);
  if (typeof area === 'string') return area;
  if (area) params.bbox = area;
  if (f.q.trim()) params.q = f.q.trim();
  return params;
}
