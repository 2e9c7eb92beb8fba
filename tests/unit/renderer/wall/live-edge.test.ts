import { describe, expect, it } from 'vitest';
import {
  LiveEdge,
  liveTargetS,
  MAX_CATCH_UP_RATE,
} from '../../../../src/renderer/wall/live-edge.ts';

const at = (latency: number, aheadS = 4) => ({ latency, target: 6, segmentS: 2, aheadS });

describe('live edge: a tile that fell behind catches up', () => {
  it('at the target it plays at normal speed', () => {
    expect(new LiveEdge().next(at(6.2))).toEqual({ kind: 'rate', rate: 1 });
  });

  it('a little behind it plays faster, never past the cap, until back near the target', () => {
    const edge = new LiveEdge();
    const behind3 = edge.next(at(9));
    expect(behind3.kind).toBe('rate');
    const rate = (behind3 as { rate: number }).rate;
    expect(rate).toBeGreaterThan(1);
    expect(rate).toBeLessThanOrEqual(MAX_CATCH_UP_RATE);
    // Hysteresis: still catching up at 0.6 s behind, done within a quarter second.
    expect(edge.next(at(6.6))).not.toEqual({ kind: 'rate', rate: 1 });
    expect(edge.next(at(6.2))).toEqual({ kind: 'rate', rate: 1 });
    expect(edge.next(at(6.6))).toEqual({ kind: 'rate', rate: 1 });
  });

  it('never plays faster with little buffered: that would stall sooner', () => {
    expect(new LiveEdge().next(at(9, 0.5))).toEqual({ kind: 'rate', rate: 1 });
  });

  it('far behind (after a stall, or an hour of drift) it jumps to the edge', () => {
    expect(new LiveEdge().next(at(6 + 4.5))).toEqual({ kind: 'jump' });
    expect(new LiveEdge().next(at(6 + 3.5)).kind).toBe('rate');
    expect(LiveEdge.jumpBehindS(6)).toBe(12);
  });

  it('the delay is shown once it is more than a segment past the target', () => {
    expect(LiveEdge.behindShown(at(7.5))).toBe(false);
    expect(LiveEdge.behindShown(at(8.5))).toBe(true);
  });

  it('aims at 3 segments whatever stalls came before, so a tile 8.5 s behind catches up', () => {
    // hls.js's own target had grown to 8 s after two stalls: this tile stayed there, unshown.
    const reading = { latency: 8.5, target: liveTargetS(2), segmentS: 2, aheadS: 5.3 };
    expect(liveTargetS(2)).toBe(6);
    expect(liveTargetS(6)).toBe(18);
    const action = new LiveEdge().next(reading);
    expect(action.kind).toBe('rate');
    expect((action as { rate: number }).rate).toBeGreaterThan(1);
    expect(LiveEdge.behindShown(reading)).toBe(true);
  });
});
