/**
 * Live video as our service serves it (variant `hls: 'master'`, the interface's "chunk
 * playlists"): playlist.m3u8 is a master playlist naming a chunk playlist per rendition
 * (640x360, and 320x180 where the stream is looped), and each names its segments, each with a
 * session query, as Wowza or Nimble do. The one-media-playlist form (`hls: 'media'`) serves the
 * encoder's own files as they are; here only the first playlist and the names differ, so a
 * client that builds names from `seg_NNNNNN.ts` or drops a playlist's query fails here.
 */
import { stringKey } from '../world/random.ts';
import { LIVE_FPS } from './live-encoder.ts';
import { FULL_RENDITION, type Rendition } from './live-renditions.ts';

/** The per-camera names of one stream: a stream number and a session, stable per camera. */
export interface MasterNames {
  stream: number;
  session: string;
}

export function masterNames(cameraId: string): MasterNames {
  const stream = stringKey(`stream:${cameraId}`) % 1_000_000_000;
  return { stream, session: stringKey(`session:${cameraId}`).toString(16).padStart(8, '0') };
}

/** A rendition's chunk playlist file name, without its query: '~' and a bit rate in it. */
function chunklistName(stream: number, r: Rendition): string {
  return `chunklist_w${stream}~b${r.bandwidth}.m3u8`;
}

/** A rendition's segment name prefix: the full one keeps the plain `media_w<stream>_`. */
function segmentPrefix(stream: number, r: Rendition): string {
  return r === FULL_RENDITION ? `media_w${stream}_` : `media_w${stream}_b${r.bandwidth}_`;
}

/** The master playlist of a camera: a variant stream per rendition, chunk playlists relative. */
export function masterPlaylist(cameraId: string, renditions: readonly Rendition[]): string {
  const n = masterNames(cameraId);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},` +
        `FRAME-RATE=${LIVE_FPS.toFixed(3)},CODECS="${r.codecs}"`,
      `${chunklistName(n.stream, r)}?session=${n.session}`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

const OUR_SEGMENT = /^seg_(\d{6})\.ts$/gm;

/** A rendition's media playlist with its segments renamed `media_w<stream>_<n>.ts?session=`. */
export function chunkPlaylist(
  mediaPlaylist: string,
  cameraId: string,
  rendition: Rendition,
): string {
  const n = masterNames(cameraId);
  const prefix = segmentPrefix(n.stream, rendition);
  return mediaPlaylist.replace(
    OUR_SEGMENT,
    (_m, seq: string) => `${prefix}${Number(seq)}.ts?session=${n.session}`,
  );
}

export type MasterFile =
  | { kind: 'master' }
  | { kind: 'chunklist'; rendition: Rendition }
  /** `file` is the encoder's own segment file name. */
  | { kind: 'segment'; file: string; rendition: Rendition }
  | { kind: 'refused'; status: 403 | 404; message: string };

/** What a requested live file name (and its session parameter) stands for. */
export function masterFile(
  cameraId: string,
  name: string,
  session: string | undefined,
  renditions: readonly Rendition[],
): MasterFile {
  if (name === 'playlist.m3u8') return { kind: 'master' };
  const n = masterNames(cameraId);
  const chunklist = renditions.find((r) => chunklistName(n.stream, r) === name);
  const segment = segmentOf(name, n.stream, renditions);
  if (!chunklist && !segment) {
    return {
      kind: 'refused',
      status: 404,
      message: `No live file ${name}: request playlist.m3u8 and use the names its playlists give.`,
    };
  }
  if (session !== n.session) {
    return {
      kind: 'refused',
      status: 403,
      message: `The live file ${name} needs the session its playlist names (?session=...): use the playlist's names as they are, query included.`,
    };
  }
  if (chunklist) return { kind: 'chunklist', rendition: chunklist };
  return {
    kind: 'segment',
    file: `seg_${segment!.seq.padStart(6, '0')}.ts`,
    rendition: segment!.rendition,
  };
}

/** The rendition and number of a segment name (`media_w<stream>_[b<rate>_]<n>.ts`), if it is one. */
function segmentOf(name: string, stream: number, renditions: readonly Rendition[]) {
  for (const rendition of renditions) {
    const prefix = segmentPrefix(stream, rendition);
    const seq = name.startsWith(prefix) && /^(\d{1,9})\.ts$/.exec(name.slice(prefix.length));
    if (seq) return { rendition, seq: seq[1]! };
  }
  return undefined;
}
