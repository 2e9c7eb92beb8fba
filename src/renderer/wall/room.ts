/**
 * How full a wall is and what an add did, as pure functions (tested in Node): a preset layout
 * has a fixed number of places, and an add that finds none is a choice for the person (a larger
 * layout, or a camera replaced), never a layout changed behind their back.
 */
import { notice, type Notice } from '../lib/notice.ts';
import { t } from '../lib/words.svelte.ts';
import { MAX_WALL_TILES, type WallLayout } from '../../shared/ipc/wall.ts';
import { capacity, layoutFor, layoutLabels } from './layout.ts';

export interface WallRoom {
  /** Cameras on the wall. */
  used: number;
  /** Places the layout shows. */
  places: number;
  full: boolean;
  /** A full preset's next layout, which shows one camera more; null with room left, or none larger. */
  larger: WallLayout | null;
}

export function wallRoom(layout: WallLayout, used: number): WallRoom {
  const places = capacity(layout);
  const full = used >= places;
  const larger = layout === 'custom' || used >= MAX_WALL_TILES ? null : layoutFor(used + 1);
  return { used, places, full, larger: larger === layout ? null : larger };
}

/**
 * What an add did, for the person who asked (the Map panel shows `notice`): its words are made
 * when drawn, in the language in force then.
 */
export interface WallAddResult {
  outcome: 'added' | 'already-there' | 'wall-full' | 'not-found' | 'failed';
  notice: Notice;
}

/** "The wall is full (9 of 9)." and the choice it leaves. */
export function fullWords(room: WallRoom): string {
  const count = t('wall.full.count', { used: room.used, places: room.places });
  if (room.larger === null) return t('wall.full.noLarger', { count });
  return t('wall.full.larger', { count, grow: growWords(room.larger) });
}

/** "Make it 4 × 4", the button that takes the larger layout. */
export function growWords(layout: WallLayout): string {
  return t('wall.full.grow', { layout: layoutLabels[layout] });
}

/** The answer to an add that met a full wall, for whoever asked from elsewhere. */
export function fullResult(wallName: string, room: WallRoom, camera: string): WallAddResult {
  return {
    outcome: 'wall-full',
    notice: notice(false, () =>
      t('wall.full.result', {
        wall: wallName,
        used: room.used,
        places: room.places,
        larger: room.larger === null ? 'no' : 'yes',
        camera,
      }),
    ),
  };
}
