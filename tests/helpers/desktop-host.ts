/**
 * The desktop app's main process for the desktop-path e2e, run by tests/helpers/desktop-main.ts
 * as `node --import tests/helpers/electron/register.mjs tests/helpers/desktop-host.ts [argv]`:
 * the real entry (src/desktop/index.ts) on the Electron stand-in, nothing else replaced. It
 * forwards the page's calls to ipcMain as the window's frame, webContents.send to the page,
 * `roadcam-media:` requests to protocol.handle's handler, and a second start's arguments.
 */
import {
  emitApp,
  emitPowerMonitor,
  fetchMedia,
  invoke,
  mainWindow,
  onSend,
} from './electron/control.ts';
import type { HostMessage, HostRequest, MediaAnswer } from './desktop-host-messages.ts';

const MEDIA_CAP_BYTES = 32 * 1024 * 1024;

function tell(message: HostMessage): void {
  process.send?.(message);
}

/**
 * The body, read up to the cap: a larger one is a problem to report, not a body to carry (the
 * throw leaves the loop, which cancels the stream).
 */
async function cappedBody(url: string, response: Response): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of response.body ?? []) {
    length += chunk.length;
    if (length > MEDIA_CAP_BYTES) {
      throw new Error(
        `${url} answered more than ${MEDIA_CAP_BYTES} bytes, more than a test carries.`,
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function mediaAnswer(url: string, method: string): Promise<MediaAnswer> {
  const response = await fetchMedia(new Request(url, { method }));
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    bodyBase64: (await cappedBody(url, response)).toString('base64'),
  };
}

async function answer(request: HostRequest): Promise<unknown> {
  switch (request.kind) {
    case 'invoke':
      return invoke(request.channel, request.input, {
        frameUrl: request.frame.url,
        parent: !request.frame.topLevel,
      });
    case 'media':
      return mediaAnswer(request.url, request.method);
    case 'second-instance':
      emitApp('second-instance', request.argv, process.cwd(), {});
      return null;
    case 'quit':
      // A shutdown quits without asking, whatever still runs; the core closes first.
      emitPowerMonitor('shutdown');
      return null;
  }
}

process.on('message', (request: HostRequest) => {
  answer(request).then(
    (value) => tell({ kind: 'answer', id: request.id, value }),
    (error: Error) => tell({ kind: 'failed', id: request.id, message: error.message }),
  );
});

await import('../../src/desktop/index.ts');
// The entry opens its window once the app is ready: one turn after the import at most.
await new Promise((resolve) => setImmediate(resolve));
const window = mainWindow();
onSend((sent) => tell({ kind: 'sent', event: sent.channel, payload: sent.payload }));
let told = '';
const loaded = () => {
  const url = window.webContents.getURL();
  if (url && url !== told) tell({ kind: 'loaded', url: (told = url) });
};
window.webContents.on('did-finish-load', loaded);
loaded();
