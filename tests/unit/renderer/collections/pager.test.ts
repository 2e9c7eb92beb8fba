import { describe, expect, it } from 'vitest';
import { pageAfter } from '../../../../src/engine/collections/local.ts';
import { MarkerPager } from '../../../../src/renderer/collections/pager.ts';
import { sleep } from '../../../helpers/wait.ts';

const names = Array.from({ length: 53 }, (_, i) => `C_${String(i).padStart(3, '0')}.jpg`);

/** A fake service page by the marker rule over a list that the test may change. */
function service(list: string[], limit: number) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    fetch: async (marker: string) => {
      calls++;
      await sleep(1); // an answer takes a moment, as the service's does, so calls may overlap
      const items = pageAfter([...list].sort(), marker, limit);
      return { items, next: items.length < limit ? null : items.at(-1)! };
    },
  };
}

describe('the grid pager (marker rule)', () => {
  it('loads every image once, in order, and knows the end', async () => {
    const s = service(names, 10);
    const pager = new MarkerPager(s.fetch, (n: string) => n);
    while (!pager.done) await pager.more();
    expect(pager.items).toEqual(names);
    expect(s.calls).toBe(6);
    expect(await pager.more()).toBe(false);
  });

  it('scroll events firing together load one page, not the same page twice', async () => {
    const s = service(names, 10);
    const pager = new MarkerPager(s.fetch, (n: string) => n);
    await Promise.all([pager.more(), pager.more(), pager.more()]);
    expect(s.calls).toBe(1);
    expect(pager.items).toHaveLength(10);
  });

  it('a page that repeats a name (the list changed) never shows it twice', async () => {
    const pages = [
      { items: ['a', 'b', 'c'], next: 'c' },
      { items: ['c', 'd'], next: null },
    ];
    const pager = new MarkerPager(
      async () => pages.shift()!,
      (n: string) => n,
    );
    await pager.more();
    await pager.more();
    expect(pager.items).toEqual(['a', 'b', 'c', 'd']);
  });

  it('removing an image does not disturb the marker', async () => {
    const list = [...names];
    const s = service(list, 20);
    const pager = new MarkerPager(s.fetch, (n: string) => n);
    await pager.more();
    pager.remove('C_019.jpg');
    list.splice(list.indexOf('C_019.jpg'), 1);
    while (!pager.done) await pager.more();
    expect(pager.items).toEqual(list);
  });
});
