import type { TileState } from '../wall/watchdog.ts';

/**
 * The media pieces a wall tile's test replaces (the video player, the still image: neither can
 * play in jsdom): each mounted stand-in registers here with its props, so that the test can make
 * it report the states the real one reports.
 */
export interface MediaSource {
  props: Record<string, unknown>;
  report(state: TileState): void;
}

export const mediaSources = new Set<MediaSource>();
