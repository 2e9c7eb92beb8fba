/** A wall tile tells waiting for the network from waiting for the camera. */
import { describe, expect, it } from 'vitest';
import { english } from '../../../../src/shared/i18n/english.ts';
import { NetworkGauge, rate } from '../../../../src/renderer/wall/netgauge.ts';

/** A 2 s segment of `kbit` kbit/s of video, loaded in `loadMs`. */
const segment = (kbit: number, loadMs: number) => ({
  bytes: (kbit * 1000 * 2) / 8,
  loadMs,
  durationS: 2,
});

describe('NetworkGauge', () => {
  it('knows nothing before the first segment, and does not blame the network', () => {
    const gauge = new NetworkGauge();
    expect(gauge.bandwidthBps).toBeNull();
    expect(gauge.neededBps).toBeNull();
    expect(gauge.slow(0)).toBe(false);
  });

  it('segments that load in a fraction of their play time: the network keeps up', () => {
    const gauge = new NetworkGauge();
    for (let i = 0; i < 4; i++) gauge.loaded(segment(2000, 200));
    expect(gauge.slow(10_000)).toBe(false);
    expect(gauge.neededBps).toBeCloseTo(2_000_000);
    expect(gauge.bandwidthBps).toBeCloseTo(20_000_000);
  });

  it('segments that take about as long to load as to play: the network is the bottleneck', () => {
    const gauge = new NetworkGauge();
    for (let i = 0; i < 4; i++) gauge.loaded(segment(2000, 1900));
    expect(gauge.slow(10_000)).toBe(true);
    expect(english.say(gauge.describe(10_000))).toBe(
      'Waiting for the network: video arrives at 2.1 Mbit/s, the stream needs 2.0 Mbit/s. ' +
        'A faster connection, or fewer tiles, will help.',
    );
  });

  it('follows a change: a link that recovers stops being blamed after a few segments', () => {
    const gauge = new NetworkGauge();
    for (let i = 0; i < 4; i++) gauge.loaded(segment(2000, 4000));
    expect(gauge.slow(0)).toBe(true);
    for (let i = 0; i < 4; i++) gauge.loaded(segment(2000, 100));
    expect(gauge.slow(0)).toBe(false);
  });

  it('a segment still loading after its play time blames the network before it arrives', () => {
    const gauge = new NetworkGauge();
    gauge.loaded(segment(2000, 100));
    gauge.loading(1_000, 2);
    expect(gauge.slow(2_500)).toBe(false);
    expect(gauge.slow(3_100)).toBe(true);
    // The segments before came fast: the overdue one is what the tile talks about.
    expect(english.say(gauge.describe(9_000))).toBe(
      'Waiting for the network: the next 2 s of video has taken 8 s to arrive so far ' +
        '(the stream needs 2.0 Mbit/s). A faster connection, or fewer tiles, will help.',
    );
    const fresh = new NetworkGauge();
    fresh.loading(0, 2);
    expect(fresh.slow(5_000)).toBe(true);
    expect(english.say(fresh.describe(5_000))).toBe(
      'Waiting for the network: the next 2 s of video has taken 5 s to arrive so far. ' +
        'A faster connection, or fewer tiles, will help.',
    );
    fresh.loaded(segment(2000, 5000));
    expect(fresh.slow(5_000)).toBe(true);
  });

  it('a segment asked for again after a timeout keeps the time of its first asking', () => {
    // The player gives up on a segment after 5 s without a byte and asks again: each retry
    // must not make a segment that has been on its way for 12 s look 2 s old.
    const gauge = new NetworkGauge();
    gauge.loaded(segment(2000, 100));
    gauge.loading(0, 2, '0:10');
    gauge.loading(5_000, 2, '0:10');
    gauge.loading(10_000, 2, '0:10');
    expect(gauge.slow(10_500)).toBe(true);
    expect(english.say(gauge.describe(12_000))).toContain(
      'the next 2 s of video has taken 12 s to arrive so far',
    );
    // Another segment is another wait.
    gauge.loading(12_000, 2, '0:11');
    expect(gauge.slow(13_000)).toBe(false);
  });

  it('a playlist stuck on the link is the network too, with no segment in flight', () => {
    const gauge = new NetworkGauge();
    for (let i = 0; i < 4; i++) gauge.loaded(segment(2000, 100));
    gauge.playlistLoading(1_000, 2);
    expect(gauge.slow(2_500)).toBe(false);
    // Asked for again (a retry): still the first asking that counts.
    gauge.playlistLoading(2_900, 2);
    expect(gauge.slow(3_100)).toBe(true);
    expect(english.say(gauge.describe(7_000))).toBe(
      'Waiting for the network: the list of new video has taken 6 s to arrive so far (it should ' +
        'take under 2 s). A faster connection, or fewer tiles, will help.',
    );
    gauge.playlistLoaded();
    expect(gauge.slow(7_000)).toBe(false);
    // A playlist that comes in time blames nothing.
    gauge.playlistLoading(8_000, 2);
    gauge.playlistLoaded();
    expect(gauge.slow(20_000)).toBe(false);
    gauge.playlistLoading(21_000, 2);
    gauge.reset();
    expect(gauge.slow(30_000)).toBe(false);
  });

  it('ignores what cannot be a load (no duration, negative time) and starts afresh on reset', () => {
    const gauge = new NetworkGauge();
    gauge.loaded({ bytes: 100, loadMs: 50, durationS: 0 });
    gauge.loaded({ bytes: 100, loadMs: -1, durationS: 2 });
    gauge.loaded({ bytes: Number.NaN, loadMs: 10, durationS: 2 });
    expect(gauge.bandwidthBps).toBeNull();
    gauge.loaded(segment(2000, 4000));
    gauge.loading(0, 2);
    gauge.reset();
    expect(gauge.slow(100_000)).toBe(false);
    expect(gauge.bandwidthBps).toBeNull();
  });

  it('writes rates as people read them', () => {
    expect(english.say(rate(850_000))).toBe('850 kbit/s');
    expect(english.say(rate(1_234_567))).toBe('1.2 Mbit/s');
    expect(english.say(rate(48_000_000))).toBe('48 Mbit/s');
    expect(english.say(rate(12))).toBe('1 kbit/s');
  });
});
