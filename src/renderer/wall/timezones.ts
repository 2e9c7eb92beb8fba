/**
 * The time zone of a camera, from its country and state (the service gives no zone). A state
 * that spans zones gets its most populous one, with longitude splits where a large part of a
 * state keeps other hours. Unknown places fall back to UTC, which the tile labels as such.
 */
const countries: Record<string, string> = {
  US: 'America/New_York',
  CA: 'America/Toronto',
  GB: 'Europe/London',
  DE: 'Europe/Berlin',
  NO: 'Europe/Oslo',
  AU: 'Australia/Sydney',
};

const eastern = 'America/New_York';
const central = 'America/Chicago';
const mountain = 'America/Denver';
const pacific = 'America/Los_Angeles';

const states: Record<string, string> = {
  'US:AL': central,
  'US:AK': 'America/Anchorage',
  'US:AZ': 'America/Phoenix',
  'US:AR': central,
  'US:CA': pacific,
  'US:CO': mountain,
  'US:HI': 'Pacific/Honolulu',
  'US:ID': 'America/Boise',
  'US:IL': central,
  'US:IA': central,
  'US:KS': central,
  'US:LA': central,
  'US:MN': central,
  'US:MS': central,
  'US:MO': central,
  'US:MT': mountain,
  'US:NE': central,
  'US:NV': pacific,
  'US:NM': mountain,
  'US:ND': central,
  'US:OK': central,
  'US:OR': pacific,
  'US:SD': central,
  'US:TN': central,
  'US:TX': central,
  'US:UT': mountain,
  'US:WA': pacific,
  'US:WI': central,
  'US:WY': mountain,
  'CA:BC': 'America/Vancouver',
  'CA:AB': 'America/Edmonton',
  'CA:SK': 'America/Regina',
  'CA:MB': 'America/Winnipeg',
  'CA:ON': 'America/Toronto',
  'CA:QC': 'America/Toronto',
  'CA:NB': 'America/Halifax',
  'CA:NS': 'America/Halifax',
  'CA:NL': 'America/St_Johns',
  'AU:NSW': 'Australia/Sydney',
  'AU:ACT': 'Australia/Sydney',
  'AU:VIC': 'Australia/Melbourne',
  'AU:TAS': 'Australia/Hobart',
  'AU:QLD': 'Australia/Brisbane',
  'AU:SA': 'Australia/Adelaide',
  'AU:NT': 'Australia/Darwin',
  'AU:WA': 'Australia/Perth',
};

/** Parts of states west of a longitude that keep the next zone's hours. */
const westOf: [key: string, lon: number, zone: string][] = [
  ['US:TX', -104.9, mountain],
  ['US:KS', -101.5, mountain],
  ['US:NE', -101.0, mountain],
  ['US:SD', -100.5, mountain],
  ['US:ND', -101.0, mountain],
  ['US:ID', -115.5, pacific],
  ['US:FL', -85.0, central],
  ['US:KY', -86.0, central],
  ['US:IN', -86.9, central],
  ['US:MI', -87.5, central],
];

export function cameraTimeZone(camera: { country: string; state: string; lon: number }): string {
  const key = `${camera.country}:${camera.state}`;
  const split = westOf.find(([k, lon]) => k === key && camera.lon < lon);
  if (split) return split[2];
  // Tennessee's eastern third keeps Eastern time.
  if (key === 'US:TN' && camera.lon > -85.2) return eastern;
  return states[key] ?? countries[camera.country] ?? 'UTC';
}
