/** Clock texts of the tiles; formatters are costly to build, so one per zone is kept. */
const clocks = new Map<string, Intl.DateTimeFormat>();
const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** HH:MM:SS in a time zone (24-hour, the user's digits). */
export function formatTime(t: number, zone: string): string {
  let f = clocks.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(zone, f);
  }
  return f.format(t);
}

/** The zone's short name at that moment ("MST", "GMT+11"). */
export function zoneLabel(t: number, zone: string): string {
  let f = zoneNames.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
    zoneNames.set(zone, f);
  }
  return f.formatToParts(t).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}
