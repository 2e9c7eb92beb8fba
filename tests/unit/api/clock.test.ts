/**
 * The service's clock as the client sees it (src/engine/api/clock.ts): learnt from the Date header
 * of the service's answers, so that service times (created_at + 90 days, an alert's end) are
 * compared with the service's now, not the machine's. The test services run on a pinned clock
 * (tests/helpers/api.ts NOW), so the machine's clock is "wrong" by days here, and by a year under
 * `npm run test:clock`: the assertions below hold on any date.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClock, parseHttpDate } from '../../../src/engine/api/clock.ts';
import { VARIANT_NAMES } from '../../../src/service/variants/index.ts';
import { demoClient, startRecordingProxy } from '../../helpers/api.ts';
import { useAccountCore, useService } from '../../helpers/per-describe.ts';

const HOUR = 3_600_000;

describe('HTTP dates', () => {
  it('reads the three forms HTTP allows, as UTC whatever the time zone', () => {
    const t = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(t);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(Date.UTC(2094, 10, 6, 8, 49, 37));
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(t);
    expect(parseHttpDate(new Date(t).toUTCString())).toBe(t);
  });

  it('refuses what is not an HTTP date', () => {
    for (const text of [
      null,
      undefined,
      '',
      '0',
      'yesterday',
      '2026-11-21T12:00:00Z',
      'Sun, 31 Feb 2026 08:49:37 GMT',
      'Sun, 06 Foo 1994 08:49:37 GMT',
      'Sun, 06 Nov 1994 25:49:37 GMT',
    ]) {
      expect(parseHttpDate(text), String(text)).toBeNull();
    }
  });
});

describe('ServiceClock', () => {
  const local = { t: Date.UTC(2030, 0, 1) };
  const at = (ms: number) => new Date(ms).toUTCString();

  it('is the machine clock (offset 0) until an answer tells otherwise', () => {
    const clock = new ServiceClock(() => local.t);
    for (const header of [null, undefined, '', 'garbled', 'Mon, 99 Zzz 2026 99:99:99 GMT']) {
      clock.observe(header);
    }
    expect(clock.known).toBe(false);
    expect(clock.offsetMs).toBe(0);
    expect(clock.now()).toBe(local.t);
  });

  it('learns the offset, follows a jump, ignores the header rounding and a garbled header', () => {
    const clock = new ServiceClock(() => local.t);
    // Truncated to the second: the top of that second, never earlier than the service's now.
    clock.observe(at(local.t - 5 * HOUR));
    expect(clock.offsetMs).toBe(-5 * HOUR + 1000);
    expect(clock.toLocal(local.t - 5 * HOUR)).toBe(local.t - 1000);
    clock.observe(at(local.t - 5 * HOUR + 999)); // the same second, rounded otherwise
    expect(clock.offsetMs).toBe(-5 * HOUR + 1000);
    clock.observe('not a date');
    expect(clock.offsetMs).toBe(-5 * HOUR + 1000);
    clock.observe(at(local.t + 365 * 24 * HOUR));
    expect(clock.offsetMs).toBe(365 * 24 * HOUR + 1000);
  });

  it('counts from when the request left: a slow answer from a service on the same clock is no offset', () => {
    const clock = new ServiceClock(() => local.t);
    // Sent at t, written at t + 0.9 s (the header says t), read 2.5 s after sending.
    clock.observe(at(local.t), local.t - 2500);
    expect(clock.offsetMs).toBe(0);
    // Without the sending time, an answer whose header is 2.5 s old reads as a service behind.
    const blind = new ServiceClock(() => local.t);
    blind.observe(at(local.t - 2500));
    expect(blind.offsetMs).toBe(-2000);
  });

  it("never puts the service's now before what it has already written", () => {
    // A service 5 h behind; answers that took 0 to 3 s, read at any point of a second.
    for (const rtt of [0, 400, 3000]) {
      for (const phase of [0, 250, 999]) {
        const trueOffset = -5 * HOUR;
        const receivedAt = local.t + phase;
        const sentAt = receivedAt - rtt;
        const writtenAt = sentAt + rtt / 2; // local time when the service wrote the header
        const header = at(writtenAt + trueOffset);
        const clock = new ServiceClock(() => receivedAt);
        clock.observe(header, sentAt);
        // Something the service created as it answered is not in the future of its now.
        expect(clock.now(), `rtt ${rtt} phase ${phase}`).toBeGreaterThanOrEqual(
          writtenAt + trueOffset,
        );
        expect(clock.offsetMs - trueOffset).toBeLessThanOrEqual(1000 + rtt);
      }
    }
  });

  it('takes a Date within a second of the machine clock for the same clock', () => {
    const clock = new ServiceClock(() => local.t + 700);
    clock.observe(at(local.t));
    expect(clock.known).toBe(true);
    expect(clock.offsetMs).toBe(0);
    clock.observe(at(local.t + 1000));
    expect(clock.offsetMs).toBe(0);
    clock.observe(at(local.t + 3000));
    expect(clock.offsetMs).toBe(3300);
  });
});

describe.each(VARIANT_NAMES)('the service clock against the %s service', (variant) => {
  const service = useService({ cameras: 40, hours: 2, variant });

  /** How far the client's idea of the service's now is from the service's own. */
  const error = (serviceNow: number) => Math.abs(serviceNow - service.clock.now().getTime());

  it('sends its own clock in Date, and the client reads it from any answer', async () => {
    const answer = await fetch(`${service.url}/v1/session`);
    await answer.body?.cancel();
    expect(answer.status).toBe(401);
    expect(
      Math.abs(parseHttpDate(answer.headers.get('date'))! - service.clock.now().getTime()),
    ).toBeLessThan(2000);
    const client = demoClient(service.url);
    await client.cameras.search({ limit: 1 });
    expect(client.requester.clock.known).toBe(true);
    expect(error(client.serviceNow())).toBeLessThan(2000);
  });

  it('follows the service when its clock jumps hours ahead or behind', async () => {
    const client = demoClient(service.url);
    const start = service.clock.now().getTime();
    try {
      for (const skew of [6 * HOUR, -9 * HOUR]) {
        service.control.setClock(new Date(start + skew));
        await client.cameras.search({ limit: 1 });
        expect(error(client.serviceNow()), `skew ${skew / HOUR} h`).toBeLessThan(2000);
      }
    } finally {
      service.control.setClock(new Date(start));
    }
  });

  it("reads a Retry-After date against the answer's Date, a day ahead of the machine", async () => {
    const proxy = await startRecordingProxy(service.url);
    const start = service.clock.now().getTime();
    try {
      const client = demoClient(proxy.url);
      // Skewed against this machine on purpose: its clock is the one a wrong reading would use.
      service.control.setClock(new Date(Date.now() + 24 * HOUR));
      const then = service.clock.now().getTime();
      proxy.inject({
        status: 503,
        path: '/v1/cameras',
        headers: {
          date: new Date(then).toUTCString(),
          'retry-after': new Date(then + 2000).toUTCString(),
        },
      });
      const started = performance.now();
      const page = await client.cameras.search({ limit: 1 });
      expect(page.features).toHaveLength(1);
      // About the 2 s asked for: not a day (refused as too long), not at once.
      expect(performance.now() - started).toBeGreaterThan(900);
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      service.control.setClock(new Date(start));
      await proxy.close();
    }
  });

  it('keeps what it knows when an answer carries a garbled Date', async () => {
    const proxy = await startRecordingProxy(service.url);
    try {
      const client = demoClient(proxy.url);
      await client.cameras.search({ limit: 1 });
      const known = client.requester.clock.offsetMs;
      proxy.inject({ status: 503, headers: { date: 'the day after tomorrow' }, path: '/v1/' });
      await client.cameras.search({ limit: 1 });
      expect(Math.abs(client.requester.clock.offsetMs - known)).toBeLessThan(1000);
      expect(error(client.serviceNow())).toBeLessThan(2000);
    } finally {
      await proxy.close();
    }
  });
});

describe('the core counts on the service clock', () => {
  const service = useService({ cameras: 40, hours: 2 });
  const core = useAccountCore(service);

  it("a new collection has 89 whole days left and the views get the service's offset", async () => {
    const { id } = await core.api.invoke('collections.create', { name: 'Clock check' });
    const page = await core.api.invoke('collections.search', { q: 'Clock' });
    const mine = page.results.find((c) => c._id === id)!;
    expect(mine.daysLeft).toBe(89);
    const status = await core.api.invoke('app.checkConnection', {});
    const serviceOffset = service.clock.now().getTime() - Date.now();
    expect(Math.abs(status.clockOffsetMs - serviceOffset)).toBeLessThan(2000);
  });
});
