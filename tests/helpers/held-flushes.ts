import type { DiskOps } from '../../src/engine/downloads/disk.ts';

/**
 * A disk slower than the network: each flush (fsync) waits until the test lets it go. Counts
 * the part files opened and how many were open at once.
 */
export async function heldFlushes() {
  const { realDisk } = await import('../../src/engine/downloads/disk.ts');
  const state = { held: [] as (() => void)[], opened: [] as string[], open: 0, mostOpen: 0 };
  const disk: DiskOps = {
    space: () => Promise.resolve({ free: 10 ** 12, size: 10 ** 13 }),
    async openPart(path, fresh) {
      state.opened.push(path);
      const real = await realDisk.openPart(path, fresh);
      state.mostOpen = Math.max(state.mostOpen, ++state.open);
      return {
        write: (chunk) => real.write(chunk),
        sync: () => new Promise<void>((go) => state.held.push(go)).then(() => real.sync()),
        close: () => real.close().finally(() => state.open--),
      };
    },
  };
  /** Lets every held flush go, now and every 10 ms until the returned function is called. */
  const release = () => {
    const go = () => state.held.splice(0).forEach((f) => f());
    const timer = setInterval(go, 10);
    return () => {
      clearInterval(timer);
      go();
    };
  };
  return { disk, state, release };
}
