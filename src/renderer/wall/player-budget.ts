/**
 * What one hls.js player may hold, by how many play on the wall (tested in Node). A live tile
 * sits 3 segments behind the live edge, so it never has more than that ahead whatever the limit;
 * what grows with the tile count is the video already played that each player keeps in its
 * media buffers. Past a 4 × 4 wall every player keeps only the minimum behind the position
 * (hls.js: one target duration), so 36 players hold about what 16 did.
 *
 * hls.js shares one transmuxing worker among all its players (one per page, counted by its
 * clients), so the worker switch costs no thread per tile.
 */
/** Players a wall runs with the roomier buffers (a 4 × 4 wall and smaller). */
export const ROOMY_PLAYERS = 16;

/** hls.js options by their hls.js names (the wrapper spreads them into its config). */
export interface PlayerBudget {
  enableWorker: boolean;
  /** Seconds ahead hls.js aims to hold, and the most it may raise that to. */
  maxBufferLength: number;
  maxMaxBufferLength: number;
  /** Seconds kept behind the position; 0: one target duration, hls.js's minimum. */
  backBufferLength: number;
}

export function playerBudget(players: number, worker: boolean): PlayerBudget {
  const roomy = players <= ROOMY_PLAYERS;
  return {
    enableWorker: worker,
    maxBufferLength: roomy ? 8 : 6,
    maxMaxBufferLength: roomy ? 12 : 8,
    backBufferLength: roomy ? 4 : 0,
  };
}
