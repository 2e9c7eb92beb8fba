/**
 * A kept collection's sync failure as what it means (the catalogue's collections.kept.*), kept
 * beside its English so that each front end says it in its user's language.
 */
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import { saidFrom, type DownloadWords } from '../downloads/reasons.ts';
import type { ItemRow } from '../downloads/rows.ts';

/** Why one image of the collection's batch was not fetched: its item's reason, or its state. */
export function imageFailure(item: ItemRow): Said {
  const reason = saidFrom(item.message_said) ?? item.message;
  const words =
    reason === null
      ? saidWithin(said('collections.kept.imageState', { state: item.state }))
      : typeof reason === 'string'
        ? reason
        : saidWithin(reason);
  return said('collections.kept.imageFailed', { image: item.image ?? '', reason: words });
}

/** What a failure means when it says so (the core's refusals do), else its own words. */
export function messageOf(error: unknown, signal: AbortSignal): DownloadWords {
  const failure: unknown = signal.aborted ? signal.reason : error;
  const known = (failure as { said?: Said } | null)?.said;
  if (known && typeof known.code === 'string') return known;
  if (failure instanceof Error) return failure.message;
  return signal.aborted ? said('collections.kept.stopped') : String(failure);
}
