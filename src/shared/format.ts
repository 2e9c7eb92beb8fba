/** A byte count as people read it: "950 B", "3.4 MB", "12 GB" (binary units). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[u]}`;
}

/**
 * Parts of a place or a line ("Seattle, WA") without the empty ones: a service may leave any
 * text out (the client reads it as ''), and ", WA" or " · " would show the gap.
 */
export function joinParts(parts: readonly (string | null | undefined)[], separator = ', '): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(separator);
}

/** A time left, its units the same in every language: "40 s", "4 min", "2 h 5 min"; '' when unknown. */
export function timeLeft(seconds: number | null): string {
  return seconds === null ? '' : leftDuration(seconds);
}

/** The span of a time left, rounded up to the minute past one: "40 s", "4 min", "2 h 5 min". */
export function leftDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.ceil((seconds % 3600) / 60)} min`;
}

/**
 * A length of time as people read it: its largest unit and the next one when not zero ("7 d",
 * "2 d 3 h", "1 h 5 min", "3 min 10 s", "4 s").
 */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const units: [number, string][] = [
    [Math.floor(total / 86_400), 'd'],
    [Math.floor((total % 86_400) / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'min'],
    [total % 60, 's'],
  ];
  const first = units.findIndex(([n]) => n > 0);
  if (first === -1) return '0 s';
  const [n, unit] = units[first]!;
  const next = units[first + 1];
  return next && next[0] > 0 ? `${n} ${unit} ${next[0]} ${next[1]}` : `${n} ${unit}`;
}
