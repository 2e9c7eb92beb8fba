/**
 * What the test process and the desktop host (tests/helpers/desktop-host.ts, the main process
 * in a child Node process) say to each other over the child's IPC channel.
 */

/** A `roadcam-media:` answer as the page receives it. */
export interface MediaAnswer {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

/** Test process -> host: each request carries an id that its answer repeats. */
export type HostRequest =
  | {
      kind: 'invoke';
      id: number;
      channel: string;
      input: unknown;
      frame: { url: string; topLevel: boolean };
    }
  | { kind: 'media'; id: number; url: string; method: string }
  /** A second start of the app with these arguments (Windows and Linux pass a link so). */
  | { kind: 'second-instance'; id: number; argv: string[] }
  | { kind: 'quit'; id: number };

/** Host -> test process. */
export type HostMessage =
  /** The window loaded this URL (the file: URL of loadFile, with its hash). */
  | { kind: 'loaded'; url: string }
  /** webContents.send to the window. */
  | { kind: 'sent'; event: string; payload: unknown }
  | { kind: 'answer'; id: number; value: unknown }
  | { kind: 'failed'; id: number; message: string };
