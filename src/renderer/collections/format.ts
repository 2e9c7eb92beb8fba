import { formatBytes } from '../../shared/format.ts';
import { EXPIRY_WARNING_DAYS, type OfflineStatus } from '../../shared/ipc/collections.ts';

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

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
}

/** A roadcam:// link that opens the collection in the app. */
export function collectionLink(id: string): string {
  return `roadcam://collections/${encodeURIComponent(id)}`;
}
