/**
 * The reason of a failed media request, from the app's media route: it answers with the
 * service's own message ("Camera X is offline: ... Retry later."), which is not ours to translate.
 */
import { said } from '../../shared/i18n/translator.ts';
import type { TileReason } from './tile-reason.ts';

export async function mediaFailure(url: string): Promise<{ status: number; reason: TileReason }> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    const text = response.ok ? '' : (await response.text()).trim().split('\n')[0]!.slice(0, 300);
    return { status: response.status, reason: { verbatim: text || `HTTP ${response.status}` } };
  } catch (error) {
    return {
      status: 0,
      reason: said('wall.reason.noAnswer', { reason: (error as Error).message }),
    };
  }
}
