/**
 * Aggregations the spec does not list as seen in use are extras: a service that refuses them
 * costs the facets they would have given, once, never the search.
 */
import { describe, expect, it } from 'vitest';
import { VARIANT_NAMES, type VariantName } from '../../../src/service/index.ts';
import { VARIANTS } from '../../../src/service/variants/index.ts';
import { useClient, useProxy, useService } from '../../helpers/per-describe.ts';

describe.each(VARIANT_NAMES)('aggregations against the %s service', (variant: VariantName) => {
  const logged: string[] = [];
  const refuses = VARIANTS[variant].aggs === 'seen';
  const proxy = useProxy(useService({ cameras: 60, hours: 2, variant }));
  const client = useClient(proxy, { log: (line) => logged.push(line) });

  const searches = () => proxy.requests.filter((r) => r.path.startsWith('/v1/cameras'));

  it('gives the page and every aggregation the service can count', async () => {
    const page = await client.cameras.search({ limit: 5, aggs: ['state', 'city', 'provider'] });
    expect(page.features).toHaveLength(5);
    expect(page.properties.aggs.state?.length).toBeGreaterThan(0);
    expect(page.properties.aggs.city?.length).toBeGreaterThan(0);
    if (refuses) {
      expect(page.properties.aggs.provider).toBeUndefined();
      expect(logged.join('\n')).toMatch(/refused the aggregations provider/);
      expect(searches()).toHaveLength(2);
    } else {
      expect(page.properties.aggs.provider?.length).toBeGreaterThan(0);
      expect(searches()).toHaveLength(1);
    }
  });

  it('asks no more for what the service refused', async () => {
    const before = searches().length;
    const page = await client.cameras.search({ limit: 5, aggs: ['state', 'provider'] });
    expect(page.properties.aggs.state?.length).toBeGreaterThan(0);
    expect(searches().length - before).toBe(1);
    const last = decodeURIComponent(searches().at(-1)!.path);
    if (refuses) expect(last).not.toMatch(/provider/);
    else expect(last).toMatch(/provider/);
  });

  it('still fails a search whose other parameters are wrong, in the service words', async () => {
    await expect(
      client.cameras.search({ limit: 5, bbox: '1,2,3', aggs: ['state'] }),
    ).rejects.toThrow(/400/);
  });
});
