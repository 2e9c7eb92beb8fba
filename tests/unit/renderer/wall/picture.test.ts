import { describe, expect, it } from 'vitest';
import { PictureClock } from '../../../../src/renderer/wall/picture.ts';

/** Frames of a `fps` stream played at `speed` from `start` ms for `ms`, from media time `t0`. */
function play(clock: PictureClock, start: number, ms: number, fps: number, t0 = 0, speed = 1) {
  const step = 1000 / fps;
  for (let at = 0; at < ms; at += step) clock.frame(start + at, t0 + (at / 1000) * speed);
  return start + ms;
}

describe('picture clock: Live only while the picture moves', () => {
  it('a 15 fps stream moves once it has played a second, and its age is that of the last frame', () => {
    const clock = new PictureClock();
    expect(clock.moving(0)).toBe(false);
    expect(clock.ageMs(0)).toBeNull();
    clock.frame(0, 10);
    expect(clock.moving(100)).toBe(false); // one frame is no motion
    const end = play(clock, 0, 3000, 15, 10);
    expect(clock.moving(end)).toBe(true);
    expect(clock.ageMs(end)).toBeLessThan(100);
  });

  it('a picture that stops is frozen after the freeze time, and its age keeps growing', () => {
    const clock = new PictureClock();
    const end = play(clock, 0, 5000, 15);
    expect(clock.freezeMs()).toBe(2000);
    expect(clock.moving(end + 1500)).toBe(true);
    expect(clock.moving(end + 2100)).toBe(false);
    expect(clock.ageMs(end + 14_000)).toBeGreaterThan(13_900);
  });

  it('the same frame presented again is no new picture', () => {
    const clock = new PictureClock();
    const end = play(clock, 0, 3000, 15);
    for (let t = end; t < end + 4000; t += 100) clock.frame(t, 2.9333);
    expect(clock.moving(end + 4000)).toBe(false);
    expect(clock.ageMs(end + 4000)).toBeGreaterThan(3900);
  });

  it('a crawl (a frame now and then of a 15 fps stream) is not a moving picture', () => {
    const clock = new PictureClock();
    let t = play(clock, 0, 3000, 15);
    // Paused from outside and resumed at once, over and over: 1/15 s of video a second.
    for (let i = 0; i < 6; i++) {
      t += 1000;
      clock.frame(t, 3 + i / 15);
    }
    expect(clock.moving(t)).toBe(false);
  });

  it('after a freeze, a single new frame (a seek landing) is not Live: the picture must move again', () => {
    const clock = new PictureClock();
    const end = play(clock, 0, 3000, 15);
    clock.frame(end + 8000, 20); // jumped to the live edge, then nothing
    expect(clock.ageMs(end + 8000)).toBe(0);
    expect(clock.moving(end + 8200)).toBe(false);
    const later = play(clock, end + 8000, 1500, 15, 20);
    expect(clock.moving(later)).toBe(true);
  });

  it('a slow camera (a frame every 2 s) moves, and freezes only after a few missed frames', () => {
    const clock = new PictureClock();
    const end = play(clock, 0, 20_000, 0.5);
    expect(clock.freezeMs()).toBe(5000);
    expect(clock.moving(end - 1)).toBe(true);
    expect(clock.moving(end + 4000)).toBe(false);
  });

  it('a jump ahead while playing keeps the run, but a picture that freezes after it is frozen', () => {
    const clock = new PictureClock();
    const end = play(clock, 0, 3000, 15);
    clock.frame(end + 50, 12); // seek from ~3 s to 12 s, within what is buffered
    const later = play(clock, end + 100, 1000, 15, 12.05);
    expect(clock.moving(later)).toBe(true);
    expect(clock.moving(later + 2500)).toBe(false);
  });

  it('a new player (time starting again) must prove itself, but the old picture keeps its age', () => {
    const clock = new PictureClock();
    const end = play(clock, 0, 3000, 15, 100);
    clock.restart();
    expect(clock.moving(end + 10)).toBe(false);
    expect(clock.ageMs(end + 5000)).toBeGreaterThan(4900);
    const later = play(clock, end + 5000, 1500, 15, 0);
    expect(clock.moving(later)).toBe(true);
  });

  it('catching up at 1.2x is moving', () => {
    const clock = new PictureClock();
    const end = play(clock, 0, 4000, 15, 0, 1.2);
    expect(clock.speed(end)).toBeGreaterThan(1.1);
    expect(clock.moving(end)).toBe(true);
  });
});
