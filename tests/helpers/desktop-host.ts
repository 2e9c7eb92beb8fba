/**
 * The desktop app's main process for the desktop-path e2e, run by tests/helpers/desktop-main.ts
 * as `node --import tests/helpers/electron/register.mjs tests/helpers/desktop-host.ts [argv]`:
 * the real entry (src/main/index.ts) on the Electron stand-in, nothing else replaced. It
 * forwards the page's calls to ipcMain as the window's frame, webContents.send to the page,
 * `roadcam-media:` requests to protocol.handle's handler, and a second start's arguments.
 */
import { join } from 'node:path';
import {
  emitApp,
  emitPowerMonitor,
  ended,
  fetchMedia,
  invoke,
  mainWindow,
  onSend,
} from './electron/control.ts';
import { startService } from '../../src/service/index.ts';
import type { HostMessage, HostRequest, MediaAnswer } from './desktop-host-messages.ts';

/** A media answer larger than this is a test problem to report, not a body to carry. */
const MEDIA_CAP_BYTES = 32 * 1024 * 1024;
/** The same small world as browser mode's e2e (tests/e2e/fixtures.ts smallDemo). */
const SMALL_WORLD = { cameras: 200, hours: 3 };

function tell(message: HostMessage): void {
  process.send?.(message);
}

/**
 * The app's demo mode builds its default world (10 to 20 s) in `<data>/demo-service` unless
 * one is there: a small one is built there first, and the app opens it as a world of its own.
 */
async function seedSmallWorld(dataDir: string): Promise<void> {
  const service = await startService({ dataDir: join(dataDir, 'demo-service'), ...SMALL_WORLD });
  await service.close();
}

async function mediaAnswer(url: string, method: string): Promise<MediaAnswer> {
  const response = await fetchMedia(new Request(url, { method }));
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MEDIA_CAP_BYTES) {
    throw new Error(`${url} answered ${body.length} bytes, more than the test carries.`);
  }
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    bodyBase64: body.toString('base64'),
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

const dataDir = process.env['ROADCAM_DATA_DIR'];
if (!dataDir) throw new Error('desktop-host needs ROADCAM_DATA_DIR, a fresh data folder.');
await seedSmallWorld(dataDir);
await import('../../src/main/index.ts');
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
void ended().then((code) => process.exit(code));
