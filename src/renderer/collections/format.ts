import { formatBytes } from '../../shared/format.ts';
import { EXPIRY_WARNING_DAYS, type OfflineStatus } from '../../shared/ipc/collections.ts';
import { formatTimeIn } from '../../shared/times.ts';

export { formatBytes };

/** "Expires in 12 days", "Expires tomorrow", "Expired": what the list and header show. */
export function expiryText(days: number): string {
  if (days < 0) return 'Expired';
  if (days === 0) return 'Expires today';
  if (days === 1) return 'Expires tomorrow';
  return `Expires in ${days} days`;
}

export function expiresSoon(days: number): boolean {
  return days < EXPIRY_WARNING_DAYS;
}

export function offlineText(s: OfflineStatus): string {
  const files = `${s.done}/${s.total} images, ${formatBytes(s.bytes)}`;
  if (s.state === 'syncing') return `Syncing… ${files}`;
  if (s.state === 'pending') return 'Waiting to sync';
  if (s.state === 'failed') return `Sync incomplete: ${files}`;
  return `Kept offline: ${files}`;
}

/** The day in the user's zone (a day near midnight differs between zones): "Nov 27, 2026". */
export function formatDate(iso: string, zone: string): string {
  return formatTimeIn(iso, zone, { style: 'date', fallback: 'date unknown' });
}

/** To the second, the zone named: "Nov 27, 2026, 10:42:07 AM UTC". */
export function formatDateTime(iso: string, zone: string): string {
  return formatTimeIn(iso, zone, { style: 'full' });
}

/** A roadcam:// link that opens the collection in the app. */
export function collectionLink(id: string): string {
  return `roadcam://collections/${encodeURIComponent(id)}`;
}
