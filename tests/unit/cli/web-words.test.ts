/**
 * `npm run web`'s own words (its help, its refusals) come from the catalogue in LANG's language,
 * as every command line's do: the flags stay as typed, what they do is said.
 */
import { expect, it } from 'vitest';
import { cliWords, sayError } from '../../../src/cli/error-words.ts';
import { main, UsageError, webUsage } from '../../../src/cli/web.ts';

it('says its help in German, the flags as typed', async () => {
  const german = await cliWords({ LANG: 'de_DE.UTF-8' });
  const help = webUsage(german);
  expect(help).toMatch(/^Aufruf: npm run web -- \[--port N\]/);
  expect(help).toContain(
    '  --port N\n      Port auf 127.0.0.1 (Standard 0: ein beliebiger freier Port)',
  );
  expect(help).toContain('  --no-proxy\n      verbindet direkt');
  expect(help).not.toMatch(/default|port on|use this/);
  const english = webUsage(await cliWords({ LANG: 'C' }));
  expect(english).toContain('  --port N\n      port on 127.0.0.1 (default 0: any free port)');
});

it('refuses a wrong flag in French', async () => {
  const french = await cliWords({ LANG: 'fr_FR.UTF-8' });
  const error = await main(['--client-id', 'x'], '/nowhere', french).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UsageError);
  expect(sayError(french, error)).toBe(french.t('cli.web.clientIdNeedsBaseUrl'));
  expect(sayError(french, error)).not.toBe((error as Error).message);
});
