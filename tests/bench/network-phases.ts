/**
 * Where a whole `roadcam download` spends the time aria2c does not (bench:network, network.ts):
 * each part is the difference between two runs timed in the same rounds, so that the table
 * adds up to the command's own figure.
 */

/** Medians (ms) of the runs network.ts times, every one of them followed by `sync`. */
export interface PhaseMedians {
  /** The peer (aria2c, or curl where aria2c is not installed) from signed URLs handed to it. */
  peer: number;
  peerName: 'aria2c -j4' | 'curl --parallel-max 4';
  /** The engine from the same signed URLs (its own process, the URLs asked before its clock). */
  engineReady: number;
  /** The engine from the recording ids: it asks for each URL (a 302 each) as it goes. */
  engineIds: number;
  /** `roadcam --version`: Node's start and the command's code loaded, nothing more. */
  start: number;
  /** `roadcam session`: the start, the core, the sign-in (or kept token) and one call. */
  session: number;
  /** The whole `roadcam download`. */
  whole: number;
}

/** The table's lines: each part, its time, and the whole against the peer (target + `budgetMs`). */
export function phaseTable(m: PhaseMedians, budgetMs: number): string[] {
  const rows: [string, number][] = [
    [`${m.peerName} from signed URLs, then sync`, m.peer],
    ['+ the engine over it (same signed URLs)', m.engineReady - m.peer],
    ['+ look-ups and signed URLs (302s) as it goes', m.engineIds - m.engineReady],
    ['+ process start (roadcam --version)', m.start],
    ['+ core and sign-in, one call (session - start)', m.session - m.start],
    ['+ the rest (whole - engine from ids - session)', m.whole - m.engineIds - m.session],
  ];
  const over = m.whole - m.peer;
  return [
    'where the whole command goes, medians:',
    ...rows.map(([what, ms]) => `  ${what.padEnd(50)} ${ms.toFixed(0).padStart(6)} ms`),
    `  ${'= roadcam download, then sync'.padEnd(50)} ${m.whole.toFixed(0).padStart(6)} ms`,
    `roadcam download - (${m.peerName} + sync): +${(over / 1000).toFixed(2)} s (target <= +${(budgetMs / 1000).toFixed(2)} s): ${over <= budgetMs ? 'met' : 'NOT met'}`,
  ];
}
