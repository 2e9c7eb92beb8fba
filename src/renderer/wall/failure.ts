/**
 * The reason of a failed media request, from the app's media route: what it means, the service's
 * own message ("Camera X is offline: ... Retry later.") a parameter that is not ours to translate.
 */
import { said } from '../../shared/i18n/translator.ts';
import { mediaReason, type TileReason } from './tile-reason.ts';

export async function mediaFailure(url: string): Promise<{ status: number; reason: TileReason }> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, reason: { verbatim: `HTTP ${response.status}` } };
    }
    return { status: response.status, reason: await mediaReason(response) };
  } catch (error) {
    return {
      status: 0,
      reason: said('wall.reason.noAnswer', { reason: (error as Error).message }),
    };
  }
}
