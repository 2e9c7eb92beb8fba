/**
 * Live video as a provider whose streaming server is of another make serves it (variant
 * `hls: 'master'`): playlist.m3u8 is a master playlist naming one chunk playlist, and the
 * chunk playlist names its segments otherwise, each with a session query, as Wowza or Nimble
 * do. The interface allows it ("subsequent playlists and media files requested by the HLS client").
 * The encoder is the same as ours; only the first playlist and the names differ, so a client
 * that builds names from our `seg_NNNNNN.ts` or drops a playlist's query fails here.
 */
import { stringKey } from '../world/random.ts';
import { LIVE_FPS } from './live-encoder.ts';
import { FRAME_HEIGHT, FRAME_WIDTH } from './scene.ts';

/**
 * H.264 Constrained Baseline, level 2.2: what the live encoder writes (x264 `-profile:v
 * baseline` at 640x360, 15 fps). A master playlist must name the codecs of its stream.
 */
export const LIVE_CODECS = 'avc1.42c016';
/** An upper bound of the encoder's rate (bits per second) for BANDWIDTH. */
const LIVE_BANDWIDTH = 800_000;

/** The per-camera names of one stream: a stream number and a session, stable per camera. */
export interface MasterNames {
  stream: number;
  session: string;
  /** The chunk playlist's file name, without its query. */
  chunklist: string;
}

export function masterNames(cameraId: string): MasterNames {
  const stream = stringKey(`stream:${cameraId}`) % 1_000_000_000;
  return {
    stream,
    session: stringKey(`session:${cameraId}`).toString(16).padStart(8, '0'),
    // '~' and a bit rate in the name: characters our own names never use.
    chunklist: `chunklist_w${stream}~b${LIVE_BANDWIDTH}.m3u8`,
  };
}

/** The master playlist of a camera: one variant stream, its chunk playlist relative. */
export function masterPlaylist(cameraId: string): string {
  const n = masterNames(cameraId);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-STREAM-INF:BANDWIDTH=${LIVE_BANDWIDTH},RESOLUTION=${FRAME_WIDTH}x${FRAME_HEIGHT},` +
      `FRAME-RATE=${LIVE_FPS.toFixed(3)},CODECS="${LIVE_CODECS}"`,
    `${n.chunklist}?session=${n.session}`,
    '',
  ].join('\n');
}

const OUR_SEGMENT = /^seg_(\d{6})\.ts$/gm;

/** The encoder's media playlist with its segments renamed `media_w<stream>_<n>.ts?session=`. */
export function chunkPlaylist(mediaPlaylist: string, cameraId: string): string {
  const n = masterNames(cameraId);
  return mediaPlaylist.replace(
    OUR_SEGMENT,
    (_m, seq: string) => `media_w${n.stream}_${Number(seq)}.ts?session=${n.session}`,
  );
}

export type MasterFile =
  | { kind: 'master' }
  | { kind: 'chunklist' }
  /** `file` is the encoder's own segment file name. */
  | { kind: 'segment'; file: string }
  | { kind: 'refused'; status: 403 | 404; message: string };

/** What a requested live file name (and its session parameter) stands for. */
export function masterFile(
  cameraId: string,
  name: string,
  session: string | undefined,
): MasterFile {
  if (name === 'playlist.m3u8') return { kind: 'master' };
  const n = masterNames(cameraId);
  const segment = new RegExp(`^media_w${n.stream}_(\\d{1,9})\\.ts$`).exec(name);
  if (name !== n.chunklist && !segment) {
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
  if (!segment) return { kind: 'chunklist' };
  return { kind: 'segment', file: `seg_${segment[1]!.padStart(6, '0')}.ts` };
}
