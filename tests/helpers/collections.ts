/**
 * Fixtures of the collection tests: the embedded service (real HTTP), collections filled with
 * archived frames through the client, and the hash of each image as the service serves it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ApiClient } from '../../src/engine/api/index.ts';

export { demoClient, NOW, startTestService, type TestService } from './api.ts';
export { tempDir } from './core.ts';

/** Whole minutes before the service clock's current minute: always in its media cache. */
export function archiveTimes(count: number, nowMs: number, offset = 2): string[] {
  const last = Math.floor(nowMs / 60_000) * 60_000;
  return Array.from({ length: count }, (_, i) =>
    new Date(last - (offset + i) * 60_000).toISOString().replace('.000Z', 'Z'),
  );
}

/** A new collection holding `count` archived frames of a few cameras; returns id and names. */
export async function filledCollection(
  client: ApiClient,
  serviceNow: number,
  count: number,
  name = 'Test collection',
  offset = 2,
): Promise<{ id: string; names: string[] }> {
  const { collection_id: id } = await client.collections.create({ name, tags: ['test'] });
  const cameras = (await client.cameras.search({ limit: 3, sort: 'city' })).features;
  const names: string[] = [];
  for (const [i, time] of archiveTimes(count, serviceNow, offset).entries()) {
    const camera = cameras[i % cameras.length]!;
    const answer = (await client.collections.addImage(id, { camera_id: camera.id, time })) as {
      image?: string;
    };
    names.push(answer.image!);
  }
  return { id, names: names.sort() };
}

export async function serviceHash(client: ApiClient, id: string, name: string): Promise<string> {
  const media = await client.collections.image(id, name);
  const hash = createHash('sha256');
  for await (const chunk of media.nodeStream()) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** The service's clock (it starts at NOW and runs on in real time). */
export async function serviceNow(url: string): Promise<number> {
  const answer = (await (await fetch(`${url}/_admin/clock`)).json()) as { now: string };
  return Date.parse(answer.now);
}
