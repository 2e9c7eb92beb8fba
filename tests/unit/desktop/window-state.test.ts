import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isOnScreen, loadWindowState, saveWindowState } from '../../../src/desktop/window-state.ts';
import { tempDir } from '../../helpers/core.ts';

const dir = tempDir();
afterAll(() => dir.remove());

describe('window state', () => {
  it('is absent at first start, then what was saved', () => {
    expect(loadWindowState(dir.path)).toBeNull();
    const state = { x: 100, y: 80, width: 1400, height: 900, maximized: false };
    saveWindowState(dir.path, state);
    expect(loadWindowState(dir.path)).toEqual(state);
  });

  it('ignores a damaged or foreign file', () => {
    writeFileSync(join(dir.path, 'window-state.json'), '{"x": "left"');
    expect(loadWindowState(dir.path)).toBeNull();
    writeFileSync(
      join(dir.path, 'window-state.json'),
      JSON.stringify({ x: 0, y: 0, width: 5, height: 5, maximized: false }),
    );
    expect(loadWindowState(dir.path)).toBeNull();
  });

  it('is used only while it still overlaps a display', () => {
    const displays = [{ x: 0, y: 0, width: 1920, height: 1080 }];
    expect(
      isOnScreen({ x: 100, y: 100, width: 1200, height: 800, maximized: false }, displays),
    ).toBe(true);
    expect(
      isOnScreen({ x: 2500, y: 100, width: 1200, height: 800, maximized: false }, displays),
    ).toBe(false);
    expect(
      isOnScreen({ x: 100, y: -900, width: 1200, height: 800, maximized: false }, displays),
    ).toBe(false);
  });
});
