/**
 * The renditions of a camera's live video. Every stream has the full one (640x360, the frames
 * as drawn); a looped stream also has a small one (320x180) that a master playlist may offer,
 * so that a player in a small tile loads and decodes a quarter of the pixels.
 */
import { FRAME_HEIGHT, FRAME_WIDTH } from './scene.ts';

export interface Rendition {
  /** Names the rendition in stream keys and loop keys; '' for the full one. */
  suffix: string;
  width: number;
  height: number;
  /** An upper bound of the encoder's rate (bits per second) for BANDWIDTH. */
  bandwidth: number;
  /** RFC 6381 codecs: H.264 Constrained Baseline at the level x264 picks for the size. */
  codecs: string;
}

export const FULL_RENDITION: Rendition = {
  suffix: '',
  width: FRAME_WIDTH,
  height: FRAME_HEIGHT,
  bandwidth: 800_000,
  codecs: 'avc1.42c016',
};

export const SMALL_RENDITION: Rendition = {
  suffix: '~small',
  width: FRAME_WIDTH / 2,
  height: FRAME_HEIGHT / 2,
  bandwidth: 300_000,
  codecs: 'avc1.42c00c',
};

/** The ffmpeg filter that scales frames to the rendition, or '' for the full one. */
export function scaleFilter(r: Rendition): string {
  return r === FULL_RENDITION ? '' : `scale=${r.width}:${r.height},`;
}
