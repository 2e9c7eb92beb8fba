/**
 * The service child of bench:collection: the embedded service with one collection of `count`
 * archived frames, made through the service's own operations (Create, then Add Image with a
 * camera and a time, a few at a time), every frame fetched once so that the service's disk
 * cache holds it (the bench measures the app, not the service rendering JPEGs), and a counting
 * proxy in front. Sends {url, id} to the parent, then answers each message with the proxy's
 * counts (reset first when asked), until the parent disconnects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../src/engine/api/index.ts';
import { DEMO_CLIENT, startService } from '../../src/service/index.ts';
import { archiveTimes } from '../helpers/collections.ts';
import { startCountingProxy } from '../helpers/counting-proxy.ts';
import { testNetwork } from '../helpers/api.ts';

const NOW = '2026-11-21T12:00:00Z';
/** Frames come from this many cameras, one a minute within the service's 24-hour archive. */
const CAMERAS = 10;

export async function serveCollection(count: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'roadcam-collection-service-'));
  const service = await startService({ dataDir: dir, cameras: 300, hours: 2, now: NOW });
  const client = new ApiClient({
    network: testNetwork(),
    baseUrl: service.url,
    credentials: () =>
      Promise.resolve({ clientId: DEMO_CLIENT.id, clientSecret: DEMO_CLIENT.secret }),
  });
  const id = await seed(client, count, service.clock.now().getTime());
  const proxy = await startCountingProxy(service.url);
  process.on('message', (m: { reset?: boolean }) => {
    if (m.reset) proxy.reset();
    process.send!(proxy.counts());
  });
  process.send!({ url: proxy.url, id });
  process.on('disconnect', () => {
    void Promise.all([proxy.close(), service.close()]).finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

async function seed(client: ApiClient, count: number, now: number): Promise<string> {
  const { collection_id: id } = await client.collections.create({
    name: `${count} frames`,
    tags: ['bench'],
  });
  const cameras = (await client.cameras.search({ limit: CAMERAS, sort: 'city' })).features;
  const times = archiveTimes(Math.ceil(count / cameras.length), now);
  const adds = Array.from({ length: count }, (_, i) => ({
    camera_id: cameras[i % cameras.length]!.id,
    time: times[Math.floor(i / cameras.length)]!,
  }));
  await inTurn(adds, 4, (add) => client.collections.addImage(id, add));
  const names: string[] = [];
  for await (const name of client.collections.imageNames(id)) names.push(name);
  if (names.length !== count) throw new Error(`seeded ${names.length} of ${count} frames`);
  await inTurn(names, 2, async (name) => {
    const media = await client.collections.image(id, name);
    for await (const chunk of media.nodeStream()) void chunk;
  });
  return id;
}

/** Runs `work` on every item, `parallel` at a time. */
async function inTurn<T>(items: T[], parallel: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
