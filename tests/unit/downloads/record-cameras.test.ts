/**
 * Recording cameras over one period (`recordings.createMany`, one camera or many) through an
 * account core against the embedded service over real HTTP: one batch of every camera's files, named by camera and time, with real MP4 and ZIP content; a refused camera
 * fails its own item in the service's words; a restart resumes the batch; a recording the
 * service never finishes fails in words instead of holding its batch open.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { startAccountCore } from '../../helpers/core.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';
import {
  demoClient,
  filesUnder,
  NOW,
  startManager,
  tempDir,
  type TestService,
} from '../../helpers/downloads.ts';
import { isMp4, zipEntries } from '../../helpers/media.ts';
import { waitFor } from '../../helpers/wait.ts';
import { startRecordingProxy } from '../../helpers/api.ts';
import { createPieces, planPieces } from '../../../src/engine/downloads/record-cameras.ts';
import { english } from '../../../src/shared/i18n/english.ts';

const dirs = [tempDir('roadcam-record-many-')];
afterAll(() => dirs.forEach((d) => d.remove()));

test.override({ world: { cameras: 40, hours: 2 } });

/** Cameras with archived imagery, in a stable order. */
async function cameras(service: TestService, n: number): Promise<string[]> {
  const page = await demoClient(service.url).cameras.search({ limit: n, sort: 'city' });
  return page.features.map((c) => c.id);
}

/** A short period well inside the archive: quick to build. */
const minutesAgo = (m: number, s = 0) =>
  new Date(Date.parse(NOW) - m * 60_000 + s * 1000).toISOString().replace('.000Z', 'Z');

async function accountCore(service: TestService, dataDir = tempDir('roadcam-record-core-')) {
  if (!dirs.includes(dataDir)) dirs.push(dataDir);
  return { core: await startAccountCore(dataDir.path, service.url), dataDir };
}

describe('recordings.createMany', () => {
  test('three cameras, one period: three recordings, one batch of three files', async ({
    service,
  }) => {
    const ids = await cameras(service, 3);
    const { core, dataDir } = await accountCore(service);
    try {
      const folder = join(dataDir.path, 'out');
      const made = await core.api.invoke('recordings.createMany', {
        cameraIds: ids,
        start: minutesAgo(40),
        stop: minutesAgo(40, 20),
        formats: ['mp4'],
        folder,
        template: '{camera_id}/{start}_{duration}s.{format}',
      });
      expect(made.recordings.map((r) => r.cameraId)).toEqual(ids);
      expect(made.recordings.every((r) => r.recordingId?.startsWith('rec') && !r.problem)).toBe(
        true,
      );
      expect(made.batch).toMatchObject({
        items: 3,
        label: `3 cameras, ${minutesAgo(40)} to ${minutesAgo(40, 20)}`,
      });
      const end = await core.downloads.settled(made.batch.id);
      expect(end.state).toBe('completed');
      const stamp = minutesAgo(40).replace(/[-:]/g, '');
      expect(filesUnder(folder)).toEqual(ids.map((id) => `${id}/${stamp}_20s.mp4`).sort());
      for (const file of filesUnder(folder))
        expect(isMp4(readFileSync(join(folder, file)))).toBe(true);
      // Every recording of the batch is one this request made, tagged as the app's.
      for (const r of made.recordings) {
        const rec = await core.client.recordings.show(r.recordingId!);
        expect(rec.properties).toMatchObject({ camera_id: r.cameraId, duration: 20 });
        expect(rec.properties.tags).toContain('roadcam-download');
      }
    } finally {
      await core.close();
    }
  });

  test("a camera the service refuses fails its own item in the service's words; the others complete", async ({
    service,
  }) => {
    const [a, b] = await cameras(service, 2);
    const { core, dataDir } = await accountCore(service);
    try {
      const folder = join(dataDir.path, 'out');
      const made = await core.api.invoke('recordings.createMany', {
        cameraIds: [a!, 'XX-NO-000001', b!],
        start: minutesAgo(30),
        stop: minutesAgo(30, 15),
        formats: ['zip'],
        folder,
      });
      const refused = made.recordings[1]!;
      expect(refused).toMatchObject({ cameraId: 'XX-NO-000001', recordingId: null });
      expect(refused.problem).toContain('No camera with id "XX-NO-000001"');
      expect(made.batch.items).toBe(3);
      const end = await core.downloads.settled(made.batch.id);
      expect(end).toMatchObject({ state: 'failed' });
      expect(end.counts).toMatchObject({ completed: 2, failed: 1 });
      const items = core.downloads.snapshot().items.filter((i) => i.batchId === made.batch.id);
      const failed = items.find((i) => i.state === 'failed')!;
      expect(failed.message).toContain('would not record camera XX-NO-000001');
      expect(failed.message).toContain('No camera with id "XX-NO-000001"');
      expect(failed.name).toContain('XX-NO-000001');
      const files = filesUnder(folder);
      expect(files).toHaveLength(2);
      for (const file of files) {
        const zip = readFileSync(join(folder, file));
        expect(zipEntries(zip).length).toBeGreaterThan(5);
      }
    } finally {
      await core.close();
    }
  });

  test("one camera (the Downloads view's record and download) is a batch named by its period", async ({
    service,
  }) => {
    const [a] = await cameras(service, 1);
    const { core, dataDir } = await accountCore(service);
    try {
      const { batch } = await core.api.invoke('recordings.createMany', {
        cameraIds: [a!],
        start: minutesAgo(50),
        stop: minutesAgo(50, 10),
        formats: ['jpg', 'zip'],
        folder: join(dataDir.path, 'out'),
      });
      expect(batch).toMatchObject({
        items: 2,
        label: `Camera ${a}, ${minutesAgo(50)} to ${minutesAgo(50, 10)}`,
      });
      expect((await core.downloads.settled(batch.id)).state).toBe('completed');
      const ids = core.downloads.snapshot().items.filter((i) => i.batchId === batch.id);
      const rec = await core.client.recordings.show(ids[0]!.recordingId!);
      expect(rec.properties.tags).toContain('roadcam-download');
    } finally {
      await core.close();
    }
  });

  test('a period is cut into recordings of at most 30 minutes, camera by camera', () => {
    expect(planPieces(['A', 'B', 'A'], '2026-11-21T10:00:00Z', '2026-11-21T10:45:00Z')).toEqual([
      { cameraId: 'A', start: '2026-11-21T10:00:00Z', duration: 1800 },
      { cameraId: 'A', start: '2026-11-21T10:30:00Z', duration: 900 },
      { cameraId: 'B', start: '2026-11-21T10:00:00Z', duration: 1800 },
      { cameraId: 'B', start: '2026-11-21T10:30:00Z', duration: 900 },
    ]);
  });

  test('refuses what cannot be asked in one go, before creating anything', async ({ service }) => {
    const { core, dataDir } = await accountCore(service);
    const folder = join(dataDir.path, 'out');
    try {
      const before = (await core.client.recordings.search({ limit: 1 })).properties.total;
      const many = Array.from({ length: 30 }, (_, i) => `US-CO-${String(i).padStart(6, '0')}`);
      await expect(
        core.api.invoke('recordings.createMany', {
          cameraIds: many,
          start: minutesAgo(24 * 60),
          stop: minutesAgo(0),
          formats: ['zip'],
          folder,
        }),
      ).rejects.toThrow(/That is 1,440 recordings \(30 cameras × 48 parts.*fewer cameras/);
      await expect(
        core.api.invoke('recordings.createMany', {
          cameraIds: ['A'],
          start: minutesAgo(10),
          formats: ['zip'],
          folder,
        } as never),
      ).rejects.toThrow(/Give start and stop, or lastMinutes/);
      await expect(
        core.api.invoke('recordings.createMany', {
          cameraIds: ['A'],
          lastMinutes: 5,
          formats: ['zip'],
          folder,
          template: '{nope}.zip',
        }),
      ).rejects.toThrow(/\{nope\}, which is not a field/);
      expect((await core.client.recordings.search({ limit: 1 })).properties.total).toBe(before);
    } finally {
      await core.close();
    }
  });

  test('a restart resumes the batch: recordings still being made are waited for and downloaded', async ({
    service,
  }) => {
    const ids = await cameras(service, 2);
    const { core, dataDir } = await accountCore(service);
    const folder = join(dataDir.path, 'out');
    let batchId: number;
    try {
      // The last minute and the next: not finished before the service's clock passes its end.
      const now = service.control.now().getTime();
      const made = await core.api.invoke('recordings.createMany', {
        cameraIds: ids,
        start: new Date(now - 60_000).toISOString(),
        stop: new Date(now + 60_000).toISOString(),
        formats: ['jpg'],
        folder,
      });
      batchId = made.batch.id;
      expect(made.batch.counts.waiting).toBe(2);
    } finally {
      await core.close();
    }
    service.control.advanceClock(5 * 60_000);
    // The service builds them now, which takes it seconds of encoding on a busy machine; the
    // test is the engine's: the restarted queue looks at what it left waiting, finds the
    // recordings made and downloads them (its looks back off to a minute, past the test's time).
    await service.control.recordingsIdle();
    const again = await startAccountCore(dataDir.path, service.url);
    try {
      const end = await again.downloads.settled(batchId);
      expect(end).toMatchObject({ state: 'completed', items: 2 });
      expect(filesUnder(folder)).toHaveLength(2);
    } finally {
      await again.close();
    }
  });
});

test('a recording the service never finishes fails in words; the others complete', async ({
  service,
}) => {
  const ids = await cameras(service, 2);
  const proxy = await startRecordingProxy(service.url);
  const client = demoClient(proxy.url);
  const t = startManager(client, { waitLimitMs: 3_000 });
  try {
    const pieces = planPieces(ids, minutesAgo(20), minutesAgo(20, 10));
    const outcomes = await createPieces(client, pieces);
    const stuck = outcomes[0]!.recordingId!;
    // The other recording made before the batch starts: the batch's 3 s past due is for the
    // stuck one, and a loaded machine's service may take longer than that to make a recording.
    const other = outcomes[1]!.recordingId!;
    await waitFor(
      async () => (await client.recordings.show(other)).properties.status === 'complete',
      { what: `recording ${other} to be made`, timeoutMs: 120_000, everyMs: 200 },
    );
    // This service says the first recording is still being made, whenever it is asked.
    proxy.rewriteAll((answer, path) =>
      path.startsWith(`/v1/recordings/${stuck}`) && !path.includes('.')
        ? {
            ...(answer as object),
            properties: { ...(answer as { properties: object }).properties, status: 'submitted' },
          }
        : answer,
    );
    proxy.inject({ status: 409, path: `/v1/recordings/${stuck}.` });
    const batch = t.manager.createBatch({
      label: 'two cameras',
      formats: ['jpg'],
      folder: t.folder,
      template: '{camera_id}.{format}',
      existing: 'skip',
      chosen: outcomes.map((o) => o.chosen),
    });
    const end = await t.whenFinished(batch.id);
    expect(end).toMatchObject({ state: 'failed', completed: 1, failed: 1 });
    const failed = t.manager.snapshot().items.find((i) => i.state === 'failed')!;
    expect(failed.message).toMatch(
      new RegExp(
        `Recording ${stuck} is still not finished \\d+ min after it was due .*may never finish it`,
      ),
    );
  } finally {
    await t.stop();
    await proxy.close();
  }
});

test("a 429 or a 400 to a create fails that recording in the service's words", async ({
  service,
}) => {
  const [a] = await cameras(service, 1);
  const proxy = await startRecordingProxy(service.url);
  try {
    const client = demoClient(proxy.url);
    // Throttled for an hour: not waited out, the camera's recording is refused in words.
    proxy.inject({
      status: 429,
      path: '/v1/recordings',
      headers: { 'retry-after': '3600' },
      body: JSON.stringify({
        error: { status: 429, code: 'too_many_requests', message: 'Slow down: 60 a minute.' },
      }),
    });
    const [throttled] = await createPieces(client, [{ cameraId: a!, duration: 10 }]);
    expect(throttled).toMatchObject({ recordingId: null });
    expect(throttled!.problem).toMatch(/Slow down: 60 a minute \(HTTP 429 too_many_requests\)/);
    expect(english.say(throttled!.chosen.problem!)).toBe(throttled!.problem);
    // A start the service refuses (more than 15 minutes ahead): its own 400 and words.
    const ahead = new Date(service.control.now().getTime() + 3600_000).toISOString();
    const [early] = await createPieces(client, [{ cameraId: a!, start: ahead, duration: 10 }]);
    expect(early!.problem).toMatch(/start may be at most 15 minutes in the future.*HTTP 400/);
  } finally {
    await proxy.close();
  }
});
