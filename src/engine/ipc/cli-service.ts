/**
 * The command line's channels that ask the service (src/shared/ipc/command-line.ts): the
 * interface's parameters as typed, its answers as sent, and media streamed into the file the
 * user named (output-file.ts: a temporary name created new, renamed when complete).
 */
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute } from 'node:path';
import type { Collection, CollectionSearchParams } from '../../shared/api/index.ts';
import type { CommandLineHandlers } from '../../shared/ipc/command-line.ts';
import { NetworkError, type ApiClient, type MediaResponse } from '../api/index.ts';
import { searchWithCache } from '../cache/index.ts';
import type { Cache } from '../cache/open.ts';
import type { Diagnostics } from '../features/diagnostics.ts';
import { createPieces } from '../downloads/record-cameras.ts';
import { writeOutputFile } from '../output-file.ts';
import type { CommandLineEvents } from './command-line.ts';
import { SaidError } from '../../shared/i18n/said-error.ts';
import { said } from '../../shared/i18n/translator.ts';

/** All but the download engine's (cli-downloads.ts) and the profiles' (cli-offline.ts). */
type ServiceChannels = Exclude<
  keyof CommandLineHandlers,
  `cli.downloads.${string}` | `cli.profiles.${string}`
>;

export interface ServiceParts {
  client: ApiClient;
  cache: Cache;
  diagnostics: Diagnostics;
  events: CommandLineEvents;
}

/** What an existing file at the named path needs, for the message (the CLI checked it first). */
const EXISTS_HINT = 'force';

export function serviceHandlers(parts: ServiceParts): Pick<CommandLineHandlers, ServiceChannels> {
  const { client, cache } = parts;
  return {
    'cli.search': ({ kind, params }) =>
      searchWithCache(client, cache.searches, kind, params as never),
    'cli.searchAll': async ({ kind, params, operationId }) => {
      const result = await client.searchAll(kind, params as never, {
        onProgress: ({ found, requests }) =>
          parts.events.emit('cli.progress', { operationId, found, requests }),
      });
      cache.searches.putAll(kind, params, result.features);
      return result;
    },
    'cli.show': ({ kind, id }) => client[kind].show(id),
    'cli.session': async () => ({
      baseUrl: client.baseUrl,
      session: await client.session(),
      tokenSecondsLeft: client.tokenSecondsLeft(),
    }),
    'cli.recordings.create': (body) => client.recordings.create(body),
    'cli.recordings.createEach': ({ cameraIds, duration, start, tags }) =>
      createPieces(
        client,
        cameraIds.map((cameraId) => ({ cameraId, duration, ...(start ? { start } : {}) })),
        { tags },
      ).then((made) => made.map(({ chosen: _, ...r }) => r)),
    'cli.recordings.addTags': ({ id, tags }) => client.recordings.addTags(id, tags),
    'cli.serviceNow': () => client.serviceNow(),
    'cli.media.save': async ({ source, out, replace, extensionByType }) => {
      const media =
        source.kind === 'live'
          ? await client.cameras.live(source.cameraId)
          : source.kind === 'archived'
            ? await client.cameras.image(source.cameraId, source.time)
            : await client.observations.preview(source.observationId);
      const file = extensionByType ? `${out}${imageExtension(media.contentType)}` : out;
      return { path: await saveTo(file, media, replace), contentType: media.contentType };
    },
    'cli.cameras.images': ({ id, time, limit }) =>
      client.cameras.images(id, {
        ...(time !== undefined ? { time } : {}),
        ...(limit !== undefined ? { limit } : {}),
      }),
    'cli.tile.save': async ({ kind, z, x, y, sortDir, out, replace }) => {
      const bytes =
        kind === 'cameras'
          ? await client.cameras.tile(z, x, y)
          : await client.observations.tile(z, x, y, sortDir ? { sort_dir: sortDir } : {});
      return { path: await saveTo(out, bytes, replace), bytes: bytes.byteLength };
    },
    'cli.snapshot': ({ kind, mark }) =>
      kind === 'observations' ? client.observations.snapshot(mark) : client.alerts.snapshot(mark),
    'cli.collections.list': ({ params }) => listCollections(parts, params),
    'cli.collections.show': ({ id }) => showCollection(parts, id),
    'cli.diagnostics.save': ({ out, replace, crashDumps }) =>
      parts.diagnostics.save(absolute(out), { replace, existsHint: EXISTS_HINT, crashDumps }),
  };
}

/** The file extension of an image's content type (jpeg unless the service says png). */
function imageExtension(contentType: string | null): string {
  return contentType?.toLowerCase().includes('png') ? '.png' : '.jpg';
}

function absolute(path: string): string {
  if (!isAbsolute(path)) throw new SaidError(said('files.refused.notFullPath', { path }));
  return path;
}

async function saveTo(
  out: string,
  what: MediaResponse | Uint8Array,
  replace: boolean,
): Promise<string> {
  const path = absolute(out);
  await mkdir(dirname(path), { recursive: true });
  const data = what instanceof Uint8Array ? what : what.nodeStream();
  await writeOutputFile(path, data, { replace, existsHint: EXISTS_HINT });
  return path;
}

async function listCollections(parts: ServiceParts, params: Record<string, unknown>) {
  const kept = parts.cache.collections;
  try {
    const page = await parts.client.collections.search(params as CollectionSearchParams);
    kept.save(page.results);
    return { results: page.results, total: page.total, offline: false };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const results = kept.list();
    return { results, total: results.length, offline: true };
  }
}

async function showCollection(parts: ServiceParts, id: string) {
  const { client } = parts;
  const kept = parts.cache.collections;
  try {
    const first = await client.collections.show(id, { limit: 1 });
    const images: string[] = [];
    for await (const name of client.collections.imageNames(id)) images.push(name);
    const fields: Collection = {
      _id: first._id,
      name: first.name,
      description: first.description,
      tags: first.tags,
      created_at: first.created_at,
      updated_at: first.updated_at,
    };
    kept.save([fields]);
    kept.saveImages(id, images);
    return { collection: { ...fields, images }, syncedAt: null };
  } catch (error) {
    const offline = error instanceof NetworkError ? kept.get(id) : undefined;
    if (!offline) throw error;
    return { collection: offline, syncedAt: offline.imagesSyncedAt ?? offline.syncedAt };
  }
}
