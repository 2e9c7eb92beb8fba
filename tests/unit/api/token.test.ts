import { describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { MemoryTokenStore, TOKEN_RENEW_MARGIN_MS } from '../../../src/engine/api/index.ts';
import {
  JUST_ISSUED_MS,
  TOKEN_PAUSE_MS,
  TokenManager,
  TokensPausedError,
  type StoredToken,
} from '../../../src/engine/api/token.ts';
import { bearerTokens, demoClient, startRecordingProxy } from '../../helpers/api.ts';

describe('token lifecycle against the service', () => {
  test('makes exactly one token request for 200 concurrent calls from a cold start', async ({
    service,
  }) => {
    const before = await service.tokenRequests();
    const client = demoClient(service.url);
    const pages = await Promise.all(
      Array.from({ length: 200 }, (_, i) => client.cameras.search({ limit: 1, skip: i })),
    );
    expect(pages.every((p) => p.features.length === 1)).toBe(true);
    expect((await service.tokenRequests()) - before).toBe(1);
    expect(client.tokenHeld).toBe(true);
  });

  test('reuses a stored token instead of asking for a new one', async ({ service }) => {
    const store = new MemoryTokenStore();
    await demoClient(service.url, { tokenStore: store }).session();
    const before = await service.tokenRequests();
    const again = demoClient(service.url, { tokenStore: store });
    await again.session();
    await again.cameras.search({ limit: 1 });
    expect(await service.tokenRequests()).toBe(before);
  });

  test('answers a 401 with exactly one renewal and one retry, even for 50 waiting calls', async ({
    service,
  }) => {
    const proxy = await startRecordingProxy(service.url);
    try {
      const store = new MemoryTokenStore();
      // A token the service never issued but that looks fresh locally: every call gets a 401.
      await store.write({ accessToken: 'not-a-real-token', expiresAt: Date.now() + 86_400_000 });
      const client = demoClient(proxy.url, { tokenStore: store });
      const before = await service.tokenRequests();
      const results = await Promise.all(
        Array.from({ length: 50 }, () => client.cameras.search({ limit: 1 })),
      );
      expect(results).toHaveLength(50);
      expect((await service.tokenRequests()) - before).toBe(1);
      const searches = proxy.requests.filter((r) => r.path.startsWith('/v1/cameras'));
      expect(searches).toHaveLength(100);
      expect(bearerTokens(proxy.requests)).toHaveLength(2);
      expect((await store.read())?.accessToken).not.toBe('not-a-real-token');
    } finally {
      await proxy.close();
    }
  });

  test('gives up after one renewal when the service keeps refusing', async ({ service }) => {
    const proxy = await startRecordingProxy(service.url);
    try {
      const client = demoClient(proxy.url);
      await client.session();
      proxy.inject({ status: 401, path: '/v1/session' }, { status: 401, path: '/v1/session' });
      await expect(client.session()).rejects.toMatchObject({ name: 'AuthError', status: 401 });
      expect(proxy.requests.filter((r) => r.path === '/v1/oauth/token')).toHaveLength(2);
    } finally {
      await proxy.close();
    }
  });
});

describe('TokenManager', () => {
  function manager(now: { t: number }, store = new MemoryTokenStore()) {
    let requests = 0;
    const tokens = new TokenManager({
      store,
      now: () => now.t,
      request: () => {
        requests++;
        return Promise.resolve({ accessToken: `t${requests}`, expiresAt: now.t + 3_600_000 });
      },
    });
    return { tokens, requests: () => requests };
  }

  test('renews 5 minutes before expiry, not before', async () => {
    const now = { t: 1_000_000 };
    const m = manager(now);
    expect(await m.tokens.token()).toBe('t1');
    now.t += 3_600_000 - TOKEN_RENEW_MARGIN_MS - 1;
    expect(await m.tokens.token()).toBe('t1');
    now.t += 2;
    expect(await m.tokens.token()).toBe('t2');
    expect(m.requests()).toBe(2);
  });

  test('ignores a stored token that is about to expire', async () => {
    const now = { t: 1_000_000 };
    const store = new MemoryTokenStore();
    const stale: StoredToken = { accessToken: 'old', expiresAt: now.t + TOKEN_RENEW_MARGIN_MS };
    await store.write(stale);
    const m = manager(now, store);
    expect(await m.tokens.token()).toBe('t1');
    expect((await store.read())?.accessToken).toBe('t1');
  });

  test('pauses renewal when a token just renewed is refused, and renews once after the pause', async () => {
    const now = { t: 1_000_000 };
    const m = manager(now);
    expect(await m.tokens.token()).toBe('t1');
    expect(await m.tokens.renew('t1')).toBe('t2');
    now.t += 1000;
    await expect(m.tokens.renew('t2')).rejects.toBeInstanceOf(TokensPausedError);
    await expect(m.tokens.renew('t2')).rejects.toBeInstanceOf(TokensPausedError);
    // Calls still go out with the token held; only token requests wait.
    expect(await m.tokens.token()).toBe('t2');
    expect(m.requests()).toBe(2);
    now.t += TOKEN_PAUSE_MS;
    expect(m.tokens.pausedUntil).toBeNull();
    expect(await m.tokens.renew('t2')).toBe('t3');
    expect(m.requests()).toBe(3);
  });

  test('renews a token refused long after its renewal (revoked later), without a pause', async () => {
    const now = { t: 1_000_000 };
    const m = manager(now);
    await m.tokens.token();
    expect(await m.tokens.renew('t1')).toBe('t2');
    now.t += JUST_ISSUED_MS;
    expect(await m.tokens.renew('t2')).toBe('t3');
  });

  test('drops a refused token from its store even when no new one can be had', async () => {
    const now = { t: 1_000_000 };
    const store = new MemoryTokenStore();
    await store.write({ accessToken: 'revoked', expiresAt: now.t + 3_600_000 });
    const tokens = new TokenManager({
      store,
      now: () => now.t,
      request: () => Promise.reject(new Error('the service is down')),
    });
    expect(await tokens.token()).toBe('revoked');
    await expect(tokens.renew('revoked')).rejects.toThrow('the service is down');
    expect(await store.read()).toBeNull();
  });

  test('lets one caller abort its wait without cancelling the shared request', async () => {
    const now = { t: 0 };
    const m = manager(now);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(m.tokens.token(controller.signal)).rejects.toThrow('stop');
    expect(await m.tokens.token()).toBe('t1');
  });
});
