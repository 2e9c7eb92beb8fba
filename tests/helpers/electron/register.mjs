/**
 * `node --import ./tests/helpers/electron/register.mjs src/desktop/index.ts`: the real Electron
 * entry on the stand-in (hooks.mjs), in plain Node 24 (which strips the types of src/).
 * As in Electron, the app becomes ready once the entry waits for it, and the process exits
 * when the app has quit (app.quit that went through, or app.exit). A driver that wants to
 * steer it imports control.ts after this module (the same stand-in: one per process).
 */
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
const { resetElectron } = await import('./control.ts');
resetElectron({ autoReady: true });
