/**
 * Error bodies and paging (interface 7 and 8: "not shown"): against every variant of the service,
 * and against services that send other JSON or no error body at all, a failure gives the user
 * the status and the service's own words, never '[object Object]' or a secret; and paging
 * returns exactly `total` distinct alerts when the service lowers the limit asked for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/engine/api/index.ts';
import { DEMO_CLIENT, VARIANT_NAMES } from '../../../src/service/index.ts';
import { resolveVariant, type ServiceChoices } from '../../../src/service/variants/index.ts';
import { tempDir, startAccountCore } from '../../helpers/core.ts';
import { imageTimes } from '../../../src/engine/cameras/cameras.ts';
import { addAlerts, demoClient } from '../../helpers/api.ts';
import { useClient, useProxy, useService } from '../../helpers/per-describe.ts';

type Variant = string | (Partial<ServiceChoices> & { name: string });

/** Every named variant, and the error forms no named variant makes. */
const ERROR_VARIANTS: Variant[] = [
  ...VARIANT_NAMES,
  { name: 'other-json errors', errors: 'other-json' },
  { name: 'empty errors', errors: 'empty' },
];
const label = (v: Variant) => (typeof v === 'string' ? v : v.name);

describe.each(ERROR_VARIANTS.map((v) => [label(v), v] as const))(
  'error messages against the %s service',
  (_name, variant) => {
    const silent = resolveVariant(variant).errors === 'empty';
    const service = useService({ cameras: 40, hours: 2, variant });
    const client = useClient(service);

    const failure = async (work: Promise<unknown>) => {
      const error = await work.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      const message = (error as ServiceError).message;
      expect(message).not.toContain('[object Object]');
      // The service's words are text: no markup, entity, script or style of a page is left.
      expect((error as ServiceError).serviceMessage).not.toMatch(
        /&(quot|lt|gt|amp);|<\/?(p|h1|html|body|title|hr|address|style|script)\b|dataLayer|font-family/,
      );
      expect(message).not.toContain(DEMO_CLIENT.secret);
      return error as ServiceError;
    };

    it('a 404 gives the status and the service words, without the secret they echo', async () => {
      const error = await failure(client.cameras.show(`no-such-camera-${DEMO_CLIENT.secret}"<b>`));
      expect(error.status).toBe(404);
      expect(error.message).toMatch(/^camera no-such-camera-\[redacted\]"<b> failed: /);
      expect(error.message).toContain('HTTP 404');
      if (silent) expect(error.serviceMessage).toBe('not found');
      else
        expect(error.serviceMessage).toMatch(/No camera with id "no-such-camera-\[redacted\]"<b>"/);
    });

    it('a 400 gives the status and the service words', async () => {
      const error = await failure(client.cameras.search({ bbox: '1,2,3' }));
      expect(error.status).toBe(400);
      expect(error.message).toContain('HTTP 400');
      if (silent) expect(error.serviceMessage).toBe('the service refused the request');
      else expect(error.message).toMatch(/bbox needs four numbers/);
    });

    it('a refused sign-in gives the status and the service words, without the secret', async () => {
      const secret = `wrong-${DEMO_CLIENT.secret}`;
      const stranger = demoClient(service.url, {
        credentials: () => Promise.resolve({ clientId: 'demo', clientSecret: secret }),
      });
      const error = await failure(stranger.session());
      expect(error.name).toBe('AuthError');
      expect(error.message).toContain('HTTP 401');
      expect(error.message).not.toContain(secret);
      if (!silent) expect(error.message).toMatch(/wrong client_secret/);
    });
  },
);

/** More alerts than one page of any variant's largest alert limit (and of ours, 100). */
const EXTRA_ALERTS = 130;

describe.each(VARIANT_NAMES)('alert paging against the %s service', (variant) => {
  const service = useService({ cameras: 40, hours: 2, variant });
  const client = useClient(service);
  beforeAll(() => addAlerts(service, EXTRA_ALERTS, 'Paging Watch'));

  it('a page holds what the service allows, and says so', async () => {
    const page = await client.alerts.search({ limit: 100 });
    const max = resolveVariant(variant).alertLimitMax ?? 100;
    expect(page.features).toHaveLength(max);
    expect(page.properties.limit).toBe(max);
  });

  it('iterate returns exactly total distinct alerts', async () => {
    const { properties } = await client.alerts.search({ limit: 1 });
    expect(properties.total).toBeGreaterThan(EXTRA_ALERTS);
    const ids: string[] = [];
    for await (const alert of client.alerts.iterate({ limit: 100 })) ids.push(alert.id);
    expect(ids).toHaveLength(properties.total);
    expect(new Set(ids).size).toBe(properties.total);
  });

  it('searchAll returns exactly total distinct alerts, also inside a box', async () => {
    const all = await client.alerts.searchAll({});
    const { properties } = await client.alerts.search({ limit: 1 });
    expect(all.features).toHaveLength(properties.total);
    expect(new Set(all.features.map((f) => f.id)).size).toBe(properties.total);
    const box = '-121,34,-100,42';
    const inBox = await client.alerts.searchAll({ bbox: box, event: 'Paging Watch' });
    const counted = await client.alerts.search({ bbox: box, event: 'Paging Watch', limit: 1 });
    expect(counted.properties.total).toBe(EXTRA_ALERTS);
    expect(inBox.features).toHaveLength(EXTRA_ALERTS);
  });

  it('searchAll splitting boxes (past its paging ceiling) still returns each alert once', async () => {
    const { properties } = await client.alerts.search({ limit: 1 });
    // A low largest skip makes searchAll split boxes as it does past 4,100 results.
    const splitting = demoClient(service.url, { paging: { skipMax: 40 } });
    const all = await splitting.alerts.searchAll({});
    expect(all.incomplete).toEqual([]);
    expect(new Set(all.features.map((f) => f.id)).size).toBe(properties.total);
    expect(all.features).toHaveLength(properties.total);
  });

  it("the map's channel of all alerts returns them all", async () => {
    const { properties } = await client.alerts.search({ limit: 1 });
    const dir = tempDir();
    const core = await startAccountCore(dir.path, service.url);
    try {
      const answer = await core.api.invoke('alerts.all', {});
      expect(answer.features).toHaveLength(properties.total);
      expect(new Set(answer.features.map((f) => f.id)).size).toBe(properties.total);
    } finally {
      await core.close();
      dir.remove();
    }
  });
});

describe('camera image lists against a service that lists 100 times a call (ours, rewritten)', () => {
  const service = useService({ cameras: 40, hours: 2 });
  const proxy = useProxy(service);

  it("the wall's archive times are all of them, not the first page's", async () => {
    const direct = demoClient(service.url);
    const [camera] = (await direct.cameras.search({ limit: 1 })).features;
    const whole = await imageTimes(direct, camera!.id);
    expect(whole.length).toBeGreaterThan(100);
    proxy.rewriteAll((answer, path) => {
      const list = answer as { total?: number; times?: string[] };
      return path.includes('/images') && Array.isArray(list.times)
        ? { ...list, times: list.times.slice(0, 100) }
        : answer;
    });
    try {
      expect(await imageTimes(demoClient(proxy.url), camera!.id)).toEqual(whole);
    } finally {
      proxy.rewriteAll(undefined);
    }
  });
});
