import { formatBytes } from '../../shared/format.ts';
import { t } from '../lib/words.svelte.ts';
import {
  EXPIRY_WARNING_DAYS,
  type ImageSource,
  type OfflineStatus,
} from '../../shared/ipc/collections.ts';
import { formatTimeIn } from '../../shared/times.ts';

export { formatBytes };

/** "Expires in 12 days", "Expires tomorrow", "Expired": what the list and header show. */
export function expiryText(days: number): string {
  if (days < 0) return t('collections.expired');
  if (days === 0) return t('collections.expiresToday');
  return t('collections.expiresIn', { days });
}

export function expiresSoon(days: number): boolean {
  return days < EXPIRY_WARNING_DAYS;
}

export function offlineText(s: OfflineStatus): string {
  const files = { done: s.done, total: s.total, size: formatBytes(s.bytes) };
  if (s.state === 'syncing') return t('collections.sync.syncing', files);
  if (s.state === 'pending') return t('collections.sync.pending');
  if (s.state === 'failed') return t('collections.sync.failed', files);
  return t('collections.sync.kept', files);
}

/** The day in the user's zone (a day near midnight differs between zones): "Nov 27, 2026". */
export function formatDate(iso: string, zone: string): string {
  return formatTimeIn(iso, zone, { style: 'date', fallback: t('collections.dateUnknown') });
}

/** To the second, the zone named: "Nov 27, 2026, 10:42:07 AM UTC". */
export function formatDateTime(iso: string, zone: string): string {
  return formatTimeIn(iso, zone, { style: 'full' });
}

/** A roadcam:// link that opens the collection in the app. */
export function collectionLink(id: string): string {
  return `roadcam://collections/${encodeURIComponent(id)}`;
}

/** Where an image came from, in words (the lightbox). */
export function imageSourceWords(s: ImageSource): string {
  switch (s.kind) {
    case 'camera':
      return t('collections.source.camera', { camera: s.cameraId });
    case 'archive':
      return t('collections.source.archive', { camera: s.cameraId, time: s.time });
    case 'observation':
      return t('collections.source.observation', { id: s.observationId });
    case 'recording':
      return t('collections.source.recording', { id: s.recordingId });
    case 'recordingFrame':
      return t('collections.source.recordingFrame', { id: s.recordingId, image: s.image });
    case 'collection':
      return t('collections.source.collection', { id: s.collectionId, image: s.image });
  }
}
