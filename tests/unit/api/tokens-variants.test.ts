/**
 * Tokens against every variant of the service (interface 4.1, 5): whatever the unit of expires_in
 * (seconds, milliseconds, minutes), a working token is reused, across restarts too; a refused
 * token is renewed once, then the error is shown; a service that refuses every token never
 * makes the client loop on token requests; a service clock hours off changes none of it. Token
 * requests are counted by the service itself (/_admin/stats).
 */
import { describe, expect, it } from 'vitest';
import { AuthError, type ApiClient } from '../../../src/engine/api/index.ts';
import type { StoredToken, TokenStore } from '../../../src/engine/api/token.ts';
import { VARIANT_NAMES } from '../../../src/service/variants/index.ts';
import { bearerTokens, demoClient, startRecordingProxy } from '../../helpers/api.ts';
import { useService } from '../../helpers/per-describe.ts';

const HOUR = 3_600_000;
const WEEK_S = 7 * 24 * 3600;

/** A store that keeps only text, as the keychain does: what a restart finds. */
class TextTokenStore implements TokenStore {
  text: string | null = null;
  read(): Promise<StoredToken | null> {
    return Promise.resolve(this.text === null ? null : (JSON.parse(this.text) as StoredToken));
  }
  write(token: StoredToken): Promise<void> {
    this.text = JSON.stringify(token);
    return Promise.resolve();
  }
  clear(): Promise<void> {
    this.text = null;
    return Promise.resolve();
  }
}

describe.each(VARIANT_NAMES)('tokens against the %s service', (variant) => {
  const service = useService({ cameras: 40, hours: 2, variant });

  /** Token requests the service counts while `work` runs. */
  async function tokenRequestsDuring(work: () => Promise<unknown>): Promise<number> {
    const before = await service.tokenRequests();
    await work();
    return (await service.tokenRequests()) - before;
  }

  /** Some calls of every kind the app makes in a session. */
  async function someCalls(client: ApiClient) {
    await Promise.all(Array.from({ length: 20 }, () => client.cameras.search({ limit: 1 })));
    for (let i = 0; i < 10; i++) await client.observations.search({ limit: 1, skip: i });
    await client.session();
  }

  it('reuses one token for many calls and after a restart with the same store', async () => {
    const store = new TextTokenStore();
    const requests = await tokenRequestsDuring(async () => {
      await someCalls(demoClient(service.url, { tokenStore: store }));
      // A restart: a new client, the token read back from the store's text.
      await someCalls(demoClient(service.url, { tokenStore: store }));
    });
    expect(requests).toBe(1);
  });

  it('believes the token good for 7 days whatever the unit of expires_in', async () => {
    const client = demoClient(service.url);
    const session = await client.session();
    const left = client.tokenSecondsLeft()!;
    expect(left).toBeGreaterThan(WEEK_S - 120);
    expect(left).toBeLessThanOrEqual(WEEK_S);
    // The service's own words for the same token, in its unit (not shown by the spec).
    expect(session.expires_in).toBeGreaterThan(0);
  });

  it('renews a revoked token exactly once, then shows the error', async () => {
    const proxy = await startRecordingProxy(service.url);
    try {
      // Revoked: refused once, the renewal works and is used from then on.
      const client = demoClient(proxy.url);
      await client.cameras.search({ limit: 1 });
      proxy.inject({ status: 401, path: '/v1/cameras' });
      expect(await tokenRequestsDuring(() => client.cameras.search({ limit: 1 }))).toBe(1);
      expect(await tokenRequestsDuring(() => client.cameras.search({ limit: 1 }))).toBe(0);
      expect(bearerTokens(proxy.requests)).toHaveLength(2);

      // Refused, and its renewal refused too: the error, no second renewal.
      const other = demoClient(proxy.url);
      await other.cameras.search({ limit: 1 });
      proxy.inject({ status: 401, path: '/v1/cameras' }, { status: 401, path: '/v1/cameras' });
      let error: unknown;
      const requests = await tokenRequestsDuring(() =>
        other.cameras.search({ limit: 1 }).catch((e: unknown) => (error = e)),
      );
      expect(requests).toBe(1);
      expect(error).toBeInstanceOf(AuthError);
      expect((error as AuthError).status).toBe(401);
      expect((error as Error).message).toMatch(/^cameras search failed: /);
      // A refusal that has passed locks nothing: the renewed token is used, none is requested.
      expect(await tokenRequestsDuring(() => other.cameras.search({ limit: 1 }))).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('never loops on token requests when the service refuses every token', async () => {
    const proxy = await startRecordingProxy(service.url);
    try {
      const client = demoClient(proxy.url);
      const refuse = () => ({
        status: 401,
        path: '/v1/cameras',
        body: JSON.stringify({
          error: { status: 401, code: 'invalid_token', message: 'The token was revoked.' },
        }),
      });
      proxy.inject(...Array.from({ length: 200 }, refuse));
      const errors: unknown[] = [];
      const call = () => client.cameras.search({ limit: 1 }).catch((e: unknown) => errors.push(e));
      const requests = await tokenRequestsDuring(async () => {
        // A burst from the map, then the same one by one.
        await Promise.all(Array.from({ length: 50 }, call));
        for (let i = 0; i < 50; i++) await call();
      });
      // The first token, and its one renewal; none for the 100 refusals that followed.
      expect(requests).toBe(2);
      expect(errors).toHaveLength(100);
      expect(errors.every((e) => e instanceof AuthError)).toBe(true);
      const last = errors.at(-1) as AuthError;
      expect(last.message).toMatch(/refused an access token it had issued moments before/);
      expect(last.message).toMatch(/The token was revoked/);
      expect(last.message).toMatch(/no new token for \d+ s/);
    } finally {
      await proxy.close();
    }
  });

  it('reuses its token when the service clock is hours ahead or behind', async () => {
    const start = service.clock.now().getTime();
    try {
      for (const skew of [10 * HOUR, -10 * HOUR]) {
        service.control.setClock(new Date(start + skew));
        const store = new TextTokenStore();
        const requests = await tokenRequestsDuring(async () => {
          await someCalls(demoClient(service.url, { tokenStore: store }));
          await someCalls(demoClient(service.url, { tokenStore: store }));
        });
        expect(requests, `skew ${skew / HOUR} h`).toBe(1);
        const client = demoClient(service.url, { tokenStore: store });
        await client.session();
        expect(client.tokenSecondsLeft()!, `skew ${skew / HOUR} h`).toBeGreaterThan(WEEK_S - 120);
      }
    } finally {
      service.control.setClock(new Date(start));
    }
  });
});
