import { describe, expect, it } from 'vitest';
import { demoWorldFromEnv } from '../../../src/engine/demo.ts';

// ROADCAM_DEMO_WORLD: the small, fixed demo world the desktop shell's tests start with.
describe('ROADCAM_DEMO_WORLD', () => {
  it('unset: the ordinary world', () => {
    expect(demoWorldFromEnv(undefined)).toEqual({});
    expect(demoWorldFromEnv('')).toEqual({});
  });

  it('a small, fixed world', () => {
    const value = '{"cameras":12,"hours":1,"now":"2026-11-20T12:00:00Z"}';
    expect(demoWorldFromEnv(value)).toEqual({
      world: { cameras: 12, hours: 1, now: '2026-11-20T12:00:00Z' },
    });
  });

  it('a value that cannot be used: said in words, the ordinary world', () => {
    expect(demoWorldFromEnv('{cameras: 12}')).toEqual({
      problem: 'ROADCAM_DEMO_WORLD is not JSON; using the ordinary demo world',
    });
    const wrong = demoWorldFromEnv('{"cameras":0,"colour":"red"}');
    expect(wrong.world).toBeUndefined();
    expect(wrong.problem).toMatch(/^ROADCAM_DEMO_WORLD \(cameras: .*\); using the ordinary/);
    expect(wrong.problem).toMatch(/colour/);
  });
});
