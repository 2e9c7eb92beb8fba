/**
 * The secrets Save diagnostics cuts: every token the process has held (not only the current
 * one), the client secret, the proxy password, and the Basic credentials made of them.
 */
import { expect, test } from 'vitest';
import { MemoryTokenStore } from '../../../src/engine/api/token.ts';
import { redactSecrets } from '../../../src/engine/diagnostics/redact.ts';
import {
  basicCredential,
  heldSecrets,
  rememberingTokenStore,
  SECRETS_REMEMBERED,
  SeenSecrets,
} from '../../../src/engine/diagnostics/secrets.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';

const hour = 3_600_000;

test('an earlier token is still cut after the token was renewed, and the Basic credentials too', async () => {
  const seen = new SeenSecrets();
  const tokenStore = rememberingTokenStore(new MemoryTokenStore(), seen);
  await tokenStore.write({ accessToken: 'opaque-token-of-monday', expiresAt: hour });
  await tokenStore.write({ accessToken: 'opaque-token-of-tuesday', expiresAt: 2 * hour });
  const secrets = await heldSecrets(
    {
      credentials: () => Promise.resolve({ clientId: 'fleet', clientSecret: 'client-s3cret' }),
      tokenStore,
    },
    { get: () => ({ ...defaultSettings, proxyMode: 'manual', proxyUrl: 'http://roadie@px:3128' }) },
    {
      proxyPassword: () => Promise.resolve('hunter2-pass'),
      routerKey: () => Promise.resolve('gh-key-0a9f3'),
    },
    seen,
  );
  const line = [
    'echoed opaque-token-of-monday and opaque-token-of-tuesday',
    'routing with gh-key-0a9f3',
    `sign-in ${basicCredential('fleet', 'client-s3cret')}`,
    `proxy ${basicCredential('roadie', 'hunter2-pass')}`,
  ].join('; ');
  expect(redactSecrets(line, secrets)).toBe(
    'echoed [redacted] and [redacted]; routing with [redacted]; sign-in [redacted]; proxy [redacted]',
  );
});

test('the remembered secrets are bounded: the oldest is forgotten first', () => {
  const seen = new SeenSecrets();
  for (let i = 0; i <= SECRETS_REMEMBERED; i++) seen.remember(`token-${i}`);
  seen.remember('token-1');
  const all = seen.all();
  expect(all).toHaveLength(SECRETS_REMEMBERED);
  expect(all).not.toContain('token-0');
  expect(all.at(-1)).toBe('token-1');
});
