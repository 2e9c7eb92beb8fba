/** "just now", "42 s ago", "5 min ago", "3 h ago", "2 days ago": the age of data shown. */
export function formatAge(fromIso: string | number, now = Date.now()): string {
  const from = typeof fromIso === 'number' ? fromIso : Date.parse(fromIso);
  const s = Math.max(0, Math.round((now - from) / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}

/**
 * A UTC time as the user's local date and time, short; "time unknown" for a time the service
 * did not give in a readable form (the client reads it as null: src/main/api/records.ts).
 */
export function formatTime(iso: string | null): string {
  if (iso === null || Number.isNaN(Date.parse(iso))) return 'time unknown';
  return new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
