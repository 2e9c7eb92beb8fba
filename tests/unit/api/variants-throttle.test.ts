/**
 * Rate limits (interface 8: "not shown"): against every variant of the service, a burst of searches
 * and writes all succeed, each write carried out exactly once, and a throttling service is
 * told to the user (the `service.throttled` notices); a 429 of the token request is not
 * repeated, and says why.
 */
import { describe, expect, it } from 'vitest';
import { AuthError, ServiceError, type ApiClient } from '../../../src/engine/api/index.ts';
import { NOW } from '../../helpers/api.ts';
import { VARIANT_NAMES, type VariantName } from '../../../src/service/index.ts';
import { resolveVariant } from '../../../src/service/variants/index.ts';
import { ThrottleWatch } from '../../../src/engine/api/throttle.ts';
import type { ServiceThrottle } from '../../../src/shared/ipc.ts';
import { demoClient, startRecordingProxy } from '../../helpers/api.ts';
import { useProxy, useService } from '../../helpers/per-describe.ts';
import { said } from '../../../src/shared/i18n/translator.ts';

const ARCHIVED = said('api.op.cameraImage', { id: 'C1' });
const SEARCH = said('api.op.search', { kind: 'cameras' });
const NEW_X = said('api.op.newCollection', { name: 'x' });

describe.each(VARIANT_NAMES)('rate limits against the %s service', (variant: VariantName) => {
  const service = useService({ cameras: 40, hours: 2, variant });
  const proxy = useProxy(service);

  it('a burst of searches and writes all succeed, each write carried out once', async () => {
    const notices: ServiceThrottle[] = [];
    const client = demoClient(service.url, { onThrottle: (t) => notices.push(t) });
    const cameras = (await client.cameras.search({ limit: 3, sort: 'city' })).features;
    const before = await Promise.all(cameras.map((c) => recordingCount(client, c.id)));
    const names = [0, 1, 2, 3, 4].map((i) => `burst ${variant} ${i}`);
    const start = new Date(Date.parse(NOW) - 30 * 60_000).toISOString();

    const searches = Array.from({ length: 50 }, (_, i) =>
      client.cameras.search({ limit: 2, skip: i % 20 }),
    );
    const collections = names.map(async (name) => {
      const { collection_id } = await client.collections.create({ name, description: 'new' });
      await client.collections.update(collection_id, { description: `updated ${name}` });
      return collection_id;
    });
    const recordings = cameras.map(async (camera) => {
      const { recording_id } = await client.recordings.create({
        camera_id: camera.id,
        start,
        duration: 10,
      });
      const { tags } = await client.recordings.addTags(recording_id, ['burst']);
      return { id: recording_id, tags };
    });
    const [pages, made, recorded] = await Promise.all([
      Promise.all(searches),
      Promise.all(collections),
      Promise.all(recordings),
    ]);

    expect(pages.every((p) => p.features.length === 2)).toBe(true);
    // Each collection exists once, with its update.
    // The service found as many as were made, and they are the ones made.
    const index = await client.collections.search({ q: `burst ${variant}`, limit: 100 });
    expect(index.total).toBe(names.length);
    expect(new Set(index.results.map((c) => c._id))).toEqual(new Set(made));
    // Read back one by one: a search page of a variant may blank some records' text.
    const shown = await Promise.all(made.map((id) => client.collections.show(id, { limit: 1 })));
    expect(shown.map((c) => c.name).sort()).toEqual(names);
    for (const c of shown) expect(c.description).toBe(`updated ${c.name}`);
    // Each camera has exactly one more recording, tagged.
    const after = await Promise.all(cameras.map((c) => recordingCount(client, c.id)));
    expect(after).toEqual(before.map((n) => n + 1));
    for (const r of recorded) expect(r.tags).toContain('burst');

    if (resolveVariant(variant).throttle) {
      expect(notices.some((n) => n.limited && n.waitMs > 0)).toBe(true);
      expect(notices.at(-1)).toMatchObject({ limited: false });
    } else {
      expect(notices).toEqual([]);
    }
  }, 60_000);

  it('retries a write answered 429, once the wait is over, and creates it once', async () => {
    const notices: ServiceThrottle[] = [];
    const client = demoClient(proxy.url, { onThrottle: (t) => notices.push(t) });
    const [camera] = (await client.cameras.search({ limit: 1 })).features;
    const before = await recordingCount(client, camera!.id);
    proxy.inject({ status: 429, path: '/v1/recordings', headers: { 'retry-after': '1' } });
    const started = performance.now();
    await client.recordings.create({ camera_id: camera!.id, duration: 10 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    const posts = proxy.requests.filter((r) => r.method === 'POST' && r.path === '/v1/recordings');
    // A throttling service may answer 429 of its own too: then there are more tries, still one recording.
    expect(posts.length).toBeGreaterThanOrEqual(2);
    if (!resolveVariant(variant).throttle) expect(posts).toHaveLength(2);
    expect(await recordingCount(client, camera!.id)).toBe(before + 1);
    expect(notices).toContainEqual({
      limited: true,
      operation: said('api.op.record', { camera: camera!.id }),
      waitMs: 1000,
    });
    expect(notices.at(-1)).toEqual({ limited: false, operation: null, waitMs: 0 });
  });

  it('gives up, saying the service limits requests, when the wait would pass the budget', async () => {
    const client = demoClient(proxy.url, { retry: { throttleBudgetMs: 5_000 } });
    await client.session();
    proxy.inject({ status: 429, path: '/v1/cameras', headers: { 'retry-after': '3600' } });
    const started = performance.now();
    const error = await client.cameras.search({ limit: 1 }).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toMatch(
      /HTTP 429.*limiting requests; try again in 60 minutes/,
    );
  });

  it('does not repeat a 429 of the token request (a blocked client), and says why', async () => {
    const client = demoClient(proxy.url);
    const earlier = proxy.requests.length;
    proxy.inject({
      status: 429,
      path: '/v1/oauth/token',
      headers: { 'retry-after': '600' },
      body: JSON.stringify({ error: 'slow_down', error_description: 'Too many tokens.' }),
    });
    const error = await client.session().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toMatch(
      /^sign-in failed: Too many tokens \(HTTP 429 slow_down\)\. The service refuses new tokens .* does not repeat .* try again in 10 minutes\.$/,
    );
    const tokens = proxy.requests.slice(earlier).filter((r) => r.path === '/v1/oauth/token');
    expect(tokens).toHaveLength(1);
  });

  it('waits out a 429 of a signed file too (the download engine fetches those)', async () => {
    const client = demoClient(proxy.url);
    const [camera] = (await client.cameras.search({ limit: 1 })).features;
    const url = await client.requester.signedUrl({
      operation: ARCHIVED,
      method: 'GET',
      path: `/v1/cameras/${encodeURIComponent(camera!.id)}/images/${NOW}`,
    });
    // The signed file's host may be another (a CDN): a proxy of its own stands in front of it.
    const signed = new URL(url);
    const files = await startRecordingProxy(signed.origin);
    try {
      files.inject({ status: 429, headers: { 'retry-after': '1' } });
      const proxied = `${files.url}${signed.pathname}${signed.search}`;
      const file = await client.requester.streamSigned(ARCHIVED, proxied);
      expect(file.status).toBe(200);
      expect((await file.body.text()).length).toBeGreaterThan(0);
      expect(files.requests.map((r) => r.path)).toEqual([
        `${signed.pathname}${signed.search}`,
        `${signed.pathname}${signed.search}`,
      ]);
    } finally {
      await files.close();
    }
  });
});

async function recordingCount(client: ApiClient, cameraId: string): Promise<number> {
  return (await client.recordings.search({ camera_id: cameraId, limit: 1 })).properties.total;
}

describe('throttle notices', () => {
  it('a burst gives few notices; a cancelled last wait ends the limiting too', () => {
    const notices: ServiceThrottle[] = [];
    let now = 0;
    const watch = new ThrottleWatch(
      (t) => notices.push(t),
      () => now,
    );
    const waits = Array.from({ length: 30 }, () => watch.waiting(SEARCH, 1000));
    now = 500;
    const later = watch.waiting(NEW_X, 2000);
    expect(notices).toEqual([
      { limited: true, operation: SEARCH, waitMs: 1000 },
      { limited: true, operation: NEW_X, waitMs: 2000 },
    ]);
    for (const done of waits) done('retry');
    watch.passed();
    expect(watch.limited).toBe(true);
    later('aborted');
    expect(notices.at(-1)).toEqual({ limited: false, operation: NEW_X, waitMs: 0 });
    watch.passed();
    expect(notices).toHaveLength(3);
  });
});
