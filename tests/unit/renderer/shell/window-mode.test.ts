/**
 * A wall-only window (src/renderer/shell/window-mode.ts) is told by the address it opened at:
 * the wall view with window=only, as the desktop's display windows and "Open in a new window"
 * open it; any other address is the whole app.
 */
import { expect, test } from 'vitest';
import { opensWallOnly } from '../../../../src/renderer/shell/window-mode.ts';
import { wallOnlyRoute } from '../../../../src/shared/wall-screens.ts';

test('the wall with window=only is a wall-only window; nothing else is', () => {
  expect(opensWallOnly(`#${wallOnlyRoute(7)}`)).toBe(true);
  expect(opensWallOnly('#/wall?cameras=A&window=only')).toBe(true);
  for (const hash of ['', '#/wall/7', '#/map?window=only', '#/wall/7?window=all']) {
    expect(opensWallOnly(hash)).toBe(false);
  }
});
