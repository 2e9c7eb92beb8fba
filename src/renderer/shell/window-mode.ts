import { isWallOnlyAddress } from '../../shared/wall-screens.ts';
import { parseViewAddress } from '../lib/router.svelte.ts';

/**
 * Whether the page was opened as a wall-only window (`#/wall/ID?window=only`): a wall on a
 * display of its own, or "Open in a new window" in browser mode. Read once, from the address the
 * page opened at, so that the window stays one wall's when the wall changes its own address.
 */
export function opensWallOnly(hash: string): boolean {
  const address = parseViewAddress(hash);
  return isWallOnlyAddress(address.view, address.query);
}
