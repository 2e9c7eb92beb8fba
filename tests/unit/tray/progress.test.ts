import { describe, expect, it } from 'vitest';
import { TrayProgress, type TrayMenuItem } from '../../../src/desktop/tray/progress.ts';
import type { DownloadBatchView } from '../../../src/shared/ipc/downloads.ts';
import { batchView } from '../../helpers/batch-view.ts';

const batch = batchView;

const update = (...batches: DownloadBatchView[]) => ({ batches, items: [], removedBatches: [] });

/** The menu as a user reads it: labels, with the ones that cannot be chosen marked. */
function read(menu: TrayMenuItem[]): string[] {
  return menu.map((item) =>
    item.kind === 'separator'
      ? '---'
      : item.kind === 'status'
        ? `(${item.label})`
        : item.enabled
          ? item.label
          : `(${item.label})`,
  );
}

const MB = 1024 * 1024;

describe('the tray icon and its menu', () => {
  it('says "No downloads" and offers neither pause nor resume when nothing is unfinished', () => {
    const tray = new TrayProgress({
      batches: [batch(1, 'completed', { completed: 4 }, [400, 400])],
      items: [],
    });
    const state = tray.state();
    expect(state.status).toBe('No downloads');
    expect(state.tooltip).toBe('No downloads');
    expect(state.running).toBe(0);
    expect(read(state.menu)).toEqual([
      '(No downloads)',
      '---',
      '(Pause all)',
      '(Resume all)',
      '---',
      'Open Roadcam',
      'Quit Roadcam',
    ]);
  });

  it('shows the running batches, the per cent over every unfinished one and their speed', () => {
    const tray = new TrayProgress({ batches: [], items: [] });
    // Nothing finished and no size known yet: no per cent to show.
    expect(tray.update(update(batch(1, 'active', { queued: 4 }))).status).toBe(
      'Downloading 1 batch · starting',
    );
    const state = tray.update(
      update(
        batch(1, 'active', { completed: 3, downloading: 1 }, [350, 400], 4 * MB),
        batch(2, 'active', { downloading: 2 }, [60, 600], 5 * MB),
        batch(3, 'active', { downloading: 1, paused: 1 }, [0, 0], 3 * MB),
      ),
    );
    // Batch 3's sizes are not all known: by files, 3 of 8 done.
    expect(state.status).toBe('Downloading 3 batches · 37% · 12 MB/s');
    expect(state.running).toBe(3);
    expect(read(state.menu).slice(0, 4)).toEqual([
      '(Downloading 3 batches · 37% · 12 MB/s)',
      '---',
      'Pause all',
      'Resume all',
    ]);
  });

  it('offers Resume all only once everything is paused, and says so', () => {
    const tray = new TrayProgress({
      batches: [
        batch(1, 'paused', { paused: 2 }, [10, 100]),
        batch(2, 'active', { downloading: 1 }, [30, 100], 1024),
      ],
      items: [],
    });
    expect(tray.state().status).toBe('Downloading 1 batch · 20% · 1.0 KB/s');
    const paused = tray.update(update(batch(2, 'paused', { paused: 1 }, [30, 100])));
    expect(paused.status).toBe('2 batches paused · 20%');
    expect(paused.running).toBe(0);
    expect(read(paused.menu).slice(2, 4)).toEqual(['(Pause all)', 'Resume all']);
    const gone = tray.update({ batches: [], items: [], removedBatches: [1, 2] });
    expect(gone.status).toBe('No downloads');
  });

  it('says why a batch is held by its disk, within what a tooltip holds', () => {
    const tray = new TrayProgress({ batches: [], items: [] });
    const held = {
      ...batch(1, 'paused', { paused: 3, completed: 1 }, [40, 100]),
      label: 'Every camera in Washington State from the first week of November, all formats',
      message: 'Paused: 12 MB free in /media/usb, 300 MB needed',
      spaceNeeded: 300 * MB,
    };
    const state = tray.update(update(held));
    expect(state.status).toBe(`1 batch paused · 40% · ${held.label}: ${held.message}`);
    expect(state.tooltip).toHaveLength(127);
    expect(state.tooltip.endsWith('…')).toBe(true);
  });
});
