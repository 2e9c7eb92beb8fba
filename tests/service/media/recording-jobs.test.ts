/** Spec 4.4 Create, Download, Add Tags; the recording job; faults on signed downloads. */
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are JSON checked by the assertions, not by types */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { serviceTest as test } from '../../helpers/fixtures.ts';
import type { Camera } from '../../../src/shared/api/index.ts';
import { NOW, requestToken, type ServiceUnderTest } from '../../helpers/service.ts';
import {
  call,
  fetchSigned,
  ffprobe,
  isJpeg,
  isMp4,
  isZip,
  signedLocation,
  zipEntries,
} from '../../helpers/media.ts';
import { waitFor } from '../../helpers/wait.ts';

let camera: Camera;
let past: string;

test.override({ serviceOptions: { cameras: 20 } });
test.beforeAll(async ({ t }) => {
  camera = (await t.get<any>('/v1/cameras', { limit: 1 })).body.features[0];
  const created = await call(t, 'POST', '/v1/recordings', {
    camera_id: camera.id,
    duration: 60,
    start: '2026-11-21T10:00:00Z',
    tags: 'a,b',
  });
  expect(created.status).toBe(201);
  past = created.json().recording_id;
});

const show = async (t: ServiceUnderTest, id: string) =>
  (await t.get<any>(`/v1/recordings/${id}`)).body;

describe('4.4 Create', () => {
  test('answers 201 {ok, recording_id} with the document defaults (300 s, now, one image a second)', async ({
    t,
  }) => {
    const r = await call(t, 'POST', '/v1/recordings', { camera_id: camera.id });
    expect(r.status).toBe(201);
    expect(r.json()).toEqual({ ok: true, recording_id: expect.stringMatching(/^rec_/) });
    const rec = await show(t, r.json().recording_id);
    expect(rec.properties).toMatchObject({
      camera_id: camera.id,
      status: 'submitted',
      duration: 300,
      rate: 1,
      formats: [],
    });
    expect(Date.parse(rec.properties.stop) - Date.parse(rec.properties.start)).toBe(300_000);
  });

  test('enforces duration max 1800, start at most 15 minutes ahead, and a known camera', async ({
    t,
  }) => {
    expect(
      (await call(t, 'POST', '/v1/recordings', { camera_id: camera.id, duration: 1801 })).status,
    ).toBe(400);
    expect(
      (await call(t, 'POST', '/v1/recordings', { camera_id: camera.id, duration: 0 })).status,
    ).toBe(400);
    const ahead = new Date(t.service.clock.now().getTime() + 16 * 60_000).toISOString();
    const r = await call(t, 'POST', '/v1/recordings', { camera_id: camera.id, start: ahead });
    expect(r.status).toBe(400);
    expect(r.json().error.parameter).toBe('start');
    expect((await call(t, 'POST', '/v1/recordings', { camera_id: 'NOPE' })).status).toBe(404);
    expect((await call(t, 'POST', '/v1/recordings', {})).status).toBe(400);
  });

  test('accepts a form-encoded body too', async ({ t }) => {
    const r = await t.postForm('/v1/recordings', {
      camera_id: camera.id,
      duration: '60',
      start: '2026-11-21T09:00:00Z',
    });
    expect(r.status).toBe(201);
  });
});

describe('recording job', () => {
  test('completes a past recording from archived imagery with jpg, mp4 and zip', async ({ t }) => {
    await t.service.control.recordingsIdle();
    const rec = await show(t, past);
    expect(rec.properties.status).toBe('complete');
    expect(rec.properties.formats.sort()).toEqual(['jpg', 'mp4', 'zip']);
  });

  test('downloads each format through a signed URL: real JPEG, ZIP of all frames, MP4 ffprobe decodes', async ({
    t,
  }) => {
    const jpg = await fetchSigned(await signedLocation(t, `/v1/recordings/${past}.jpg`));
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    expect(isJpeg(jpg.bytes)).toBe(true);
    const zip = await fetchSigned(await signedLocation(t, `/v1/recordings/${past}.zip`));
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(isZip(zip.bytes)).toBe(true);
    const entries = zipEntries(zip.bytes);
    expect(entries).toHaveLength(60);
    expect(entries[0]).toBe(`${camera.id}_20261121T100000Z.jpg`);
    expect(entries[59]).toBe(`${camera.id}_20261121T100059Z.jpg`);
    const mp4 = await fetchSigned(await signedLocation(t, `/v1/recordings/${past}.mp4`));
    expect(isMp4(mp4.bytes)).toBe(true);
    const file = join(t.dataDir, 'probe.mp4');
    writeFileSync(file, mp4.bytes);
    const probe = await ffprobe(file);
    expect(probe.streams[0]).toMatchObject({
      codec_type: 'video',
      codec_name: 'h264',
      width: 640,
      height: 360,
    });
    expect(Number(probe.format.duration)).toBeCloseTo(60, 0);
    expect((await call(t, 'GET', `/v1/recordings/${past}.gif`)).status).toBe(404);
  });

  test('fails a recording with no archived imagery for its period', async ({ t }) => {
    const r = await call(t, 'POST', '/v1/recordings', {
      camera_id: camera.id,
      duration: 60,
      start: '2026-10-01T00:00:00Z',
    });
    await t.service.control.recordingsIdle();
    const rec = await show(t, r.json().recording_id);
    expect(rec.properties.status).toBe('failed');
    expect(rec.properties.formats).toEqual([]);
    expect((await call(t, 'GET', `/v1/recordings/${r.json().recording_id}.mp4`)).status).toBe(409);
  });

  test('keeps a pre-scheduled recording submitted until its stop time has passed, then completes it within 10 s', async ({
    t,
  }) => {
    const start = new Date(t.service.clock.now().getTime() + 5 * 60_000).toISOString();
    const id = (
      await call(t, 'POST', '/v1/recordings', { camera_id: camera.id, duration: 30, start })
    ).json().recording_id;
    expect((await show(t, id)).properties.status).toBe('submitted');
    expect((await call(t, 'GET', `/v1/recordings/${id}.zip`)).status).toBe(409);
    t.service.control.advanceClock(5 * 60_000 + 31_000);
    await waitFor(async () => (await show(t, id)).properties.status !== 'submitted', {
      what: 'the recording to leave submitted',
      timeoutMs: 10_000,
      everyMs: 200,
    });
    expect((await show(t, id)).properties.status).toBe('complete');
    t.service.control.setClock(NOW);
  });
});

describe('4.4 Add Tags', () => {
  test('appends, keeping old tags and dropping duplicates; array or comma list', async ({ t }) => {
    const r = await call(t, 'PUT', `/v1/recordings/${past}/tags`, { tags: 'b,c' });
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ ok: true, tags: ['a', 'b', 'c'] });
    const r2 = await call(t, 'PUT', `/v1/recordings/${past}/tags`, { tags: ['d', 'A'] });
    expect(r2.json().tags).toEqual(['a', 'b', 'c', 'd']);
    expect((await show(t, past)).properties.tags).toEqual(['a', 'b', 'c', 'd']);
    expect((await call(t, 'PUT', `/v1/recordings/${past}/tags`, {})).status).toBe(400);
    expect((await call(t, 'PUT', '/v1/recordings/rec_nope/tags', { tags: 'x' })).status).toBe(404);
  });
});

describe('faults on signed downloads', () => {
  test('resets mid-body, then resumes with Range to the same bytes', async ({ t }) => {
    const loc = await signedLocation(t, `/v1/recordings/${past}.zip`);
    const whole = await fetchSigned(loc);
    t.service.control.injectFault({ kind: 'reset', after: 0.5 });
    const cut = await fetch(loc).then(
      async (res) => {
        const chunks: Buffer[] = [];
        try {
          for await (const c of res.body!) chunks.push(Buffer.from(c));
        } catch {
          // the reset
        }
        return Buffer.concat(chunks);
      },
      () => Buffer.alloc(0),
    );
    expect(cut.length).toBeLessThan(whole.bytes.length);
    const rest = await fetchSigned(loc, {
      headers: { Range: `bytes=${cut.length}-`, 'If-Range': whole.headers.get('etag')! },
    });
    expect(rest.status).toBe(206);
    expect(Buffer.concat([cut, rest.bytes]).equals(whole.bytes)).toBe(true);
  });

  test('answers 503 JSON when told to, then serves again', async ({ t }) => {
    const loc = await signedLocation(t, `/v1/recordings/${past}.jpg`);
    t.service.control.injectFault({ kind: '503' });
    const r = await fetchSigned(loc);
    expect(r.status).toBe(503);
    expect(r.json().error.code).toBe('unavailable');
    expect((await fetchSigned(loc)).status).toBe(200);
  });

  test('stalls: headers and part of the body, then silence', async ({ t }) => {
    const loc = await signedLocation(t, `/v1/recordings/${past}.zip`);
    t.service.control.injectFault({ kind: 'stall', after: 0.2, stallMs: 5000 });
    const ac = new AbortController();
    const res = await fetch(loc, { signal: ac.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let got = 0;
    const timer = setTimeout(() => ac.abort(), 1500);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        got += value.length;
      }
    } catch {
      // aborted by the client after the stall
    }
    clearTimeout(timer);
    expect(got).toBeGreaterThan(0);
    expect(got).toBeLessThan(Number(res.headers.get('content-length')));
  });
});

describe('expiry', () => {
  test('removes a recording 90 days after creation (then 404)', async ({ t }) => {
    t.service.control.advanceClock(91 * 86400_000);
    // Tokens last 7 days: a fresh one for the far future.
    const later = { ...t, token: await requestToken(t.url) };
    expect((await call(later, 'GET', `/v1/recordings/${past}`)).status).toBe(404);
    expect((await call(later, 'GET', `/v1/recordings/${past}.zip`)).status).toBe(404);
    t.service.control.setClock(NOW);
  });
});
