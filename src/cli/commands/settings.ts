/**
 * `roadcam settings get [NAME]` and `roadcam settings set NAME VALUE`: the user's settings, on
 * this computer's data folder. Typed here by the user, a change of the settings that reach the
 * machine (update feed, CA file, proxy, tile address, download folder) needs no other consent:
 * this is how browser mode's user changes them.
 */
import { IpcError } from '../../shared/ipc.ts';
import { said } from '../../shared/i18n/translator.ts';
import { settingsSchema, type Settings } from '../../shared/settings.ts';
import { checkFlags, UsageError } from '../argv.ts';
import { withDataFolder, type Context } from '../context.ts';
import { note, plainText, printJson, printLines } from '../output.ts';

const NAMES = Object.keys(settingsSchema.shape) as (keyof Settings)[];
const NETWORK: readonly (keyof Settings)[] = ['proxyMode', 'proxyUrl', 'caFile'];

export async function getSettings(ctx: Context, name: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [], 'roadcam settings get');
  const settings = await withDataFolder(ctx, (engine) => engine.invoke('settings.get', {}));
  if (name !== undefined) {
    const value = settings[known(name)];
    if (ctx.json) printJson(ctx.io, value);
    else printLines(ctx.io, [shown(value)]);
  } else if (ctx.json) printJson(ctx.io, settings);
  else
    printLines(
      ctx.io,
      NAMES.map((n) => `${n} ${shown(settings[n])}`),
    );
  return 0;
}

export async function setSetting(ctx: Context, name: string | undefined): Promise<number> {
  checkFlags(ctx.argv, [], 'roadcam settings set');
  const raw = ctx.argv.words[3];
  if (name === undefined || raw === undefined) {
    throw new UsageError(said('cli.settings.setTakes'));
  }
  const key = known(name);
  // The contract's own check: the same rule as a change made in the app's Settings.
  const patch = { [key]: valueOf(key, raw) };
  const saved = await withDataFolder(ctx, (engine) =>
    engine.invoke('settings.update', patch).catch((error: unknown) => {
      if (!(error instanceof IpcError && error.code === 'invalid_input')) throw error;
      // The contract says what is wrong as a code: in the user's words.
      if (error.said) throw new UsageError(error.said);
      const issues = error.message.replace(/^Invalid input for settings\.update: /, '');
      throw new UsageError(said('cli.settings.notChanged', { issues }));
    }),
  );
  if (ctx.json) printJson(ctx.io, saved[key]);
  else {
    // The network of a running app is chosen at its start; the rest is read at each use.
    const later = NETWORK.includes(key) ? 'yes' : 'no';
    note(ctx.io, ctx.words.t('cli.settings.now', { name: key, value: shown(saved[key]), later }));
  }
  return 0;
}

function known(name: string): keyof Settings {
  if ((NAMES as string[]).includes(name)) return name as keyof Settings;
  throw new UsageError(said('cli.settings.none', { name, names: NAMES.join(', ') }));
}

/** Text settings take the text as typed; numbers, switches, null and the rest are JSON. */
function valueOf(key: keyof Settings, raw: string): unknown {
  if (settingsSchema.shape[key].safeParse(raw).success) return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** As a person reads it on a terminal: text as it is (no controls), the rest as JSON. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? (value === '' ? '""' : value) : JSON.stringify(value);
  return plainText(text, true);
}
