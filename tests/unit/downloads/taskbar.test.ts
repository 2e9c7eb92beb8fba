import { describe, expect, it } from 'vitest';
import { TaskbarProgress } from '../../../src/desktop/tray/taskbar.ts';
import type { DownloadBatchView } from '../../../src/shared/ipc/downloads.ts';
import { batchView } from '../../helpers/batch-view.ts';

const batch = batchView;

const update = (...batches: DownloadBatchView[]) => ({ batches, items: [], removedBatches: [] });

describe('the downloads on the taskbar', () => {
  it('shows no bar and no badge when nothing is unfinished', () => {
    const progress = new TaskbarProgress({
      batches: [batch(1, 'completed', { completed: 4 }, [400, 400])],
      items: [],
    });
    expect(progress.state()).toEqual({ fraction: null, mode: 'none', unfinished: 0, note: null });
  });

  it('counts files until every size is known, then bytes, over every unfinished batch', () => {
    const progress = new TaskbarProgress({ batches: [], items: [] });
    // Nothing finished and sizes unknown: the system's "working" bar.
    expect(progress.update(update(batch(1, 'active', { queued: 4 })))).toEqual({
      fraction: 0,
      mode: 'indeterminate',
      unfinished: 1,
      note: null,
    });
    // One of four files done, three still queued: by files.
    expect(
      progress.update(update(batch(1, 'active', { completed: 1, queued: 3 }, [100, 100]))),
    ).toEqual({ fraction: 0.25, mode: 'normal', unfinished: 1, note: null });
    // Every file started (sizes known) in both batches: by bytes over both.
    const both = progress.update(
      update(
        batch(1, 'active', { completed: 3, downloading: 1 }, [350, 400]),
        batch(2, 'active', { downloading: 2 }, [50, 600]),
      ),
    );
    expect(both).toEqual({ fraction: 0.4, mode: 'normal', unfinished: 2, note: null });
  });

  it('says paused only when every unfinished batch is paused; a removed batch leaves the count', () => {
    const progress = new TaskbarProgress({
      batches: [
        batch(1, 'paused', { paused: 2 }, [10, 100]),
        batch(2, 'active', { downloading: 1 }, [30, 100]),
      ],
      items: [],
    });
    expect(progress.state().mode).toBe('normal');
    expect(progress.update(update(batch(2, 'paused', { paused: 1 }, [30, 100])))).toEqual({
      fraction: 0.2,
      mode: 'paused',
      unfinished: 2,
      note: null,
    });
    expect(progress.update({ batches: [], items: [], removedBatches: [2] }).unfinished).toBe(1);
    expect(progress.update(update(batch(1, 'completed', { completed: 2 }, [100, 100])))).toEqual({
      fraction: null,
      mode: 'none',
      unfinished: 0,
      note: null,
    });
  });

  it('shows a batch held by its disk as an error, with its words', () => {
    const progress = new TaskbarProgress({ batches: [], items: [] });
    const held = {
      ...batch(1, 'paused', { paused: 3, completed: 1 }, [40, 100]),
      message: 'Paused: 12 MB free in /media/usb, 300 MB needed',
      spaceNeeded: 300 * 1024 * 1024,
    };
    expect(progress.update(update(held, batch(2, 'active', { downloading: 1 }, [0, 100])))).toEqual(
      {
        fraction: 0.2,
        mode: 'error',
        unfinished: 2,
        note: 'batch 1: Paused: 12 MB free in /media/usb, 300 MB needed',
      },
    );
  });
});
