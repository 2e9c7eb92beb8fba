/**
 * Registers a resource's search (GET on the collection path and POST .../_search with a JSON
 * or form body; interface 4, convention 1) and its show operation. Both search forms read the
 * same parameter bag, so they answer identically. With a search pool the search runs in a
 * worker (the same function on its own read connection), else on the main thread.
 */
import type { ServiceContext } from '../context.ts';
import { canonical, type ParamBag } from '../http/params.ts';
import type { Handler, Router } from '../http/router.ts';
import { requireNoParams } from '../search/common.ts';
import { WorkerGone } from '../search/pool.ts';
import { SEARCHES } from '../search/registry.ts';
import { refuseUnseenAggs } from '../variants/aggs.ts';
import { withOddRecords } from '../variants/odd-records.ts';
import type { World } from '../world/world.ts';

export type SearchFn = (world: World, params: ParamBag, nowS: number) => unknown;
export type ShowFn = (world: World, id: string, nowS: number) => unknown;

export function registerSearch(
  router: Router,
  s: ServiceContext,
  base: string,
  search: SearchFn,
  /** Rewrites the parameters first (a variant's own paging rule, say). */
  adjust: (params: ParamBag) => ParamBag = (params) => params,
): void {
  const inThread = (params: ParamBag, nowS: number): string =>
    JSON.stringify(search(s.world, params, nowS));
  const pooled = s.pool !== undefined && base in SEARCHES;
  const handler: Handler = async (ctx) => {
    const nowS = s.clock.nowS();
    if (s.variant.aggs === 'seen') refuseUnseenAggs(base, ctx.params);
    const params = adjust(ctx.params);
    const key = `${base}|${s.world.version}|${nowS}|${canonical(params)}`;
    let text = s.cache.get(key);
    if (text === undefined) {
      if (pooled && s.pool!.size > 0) {
        try {
          text = await s.pool!.run(base, params, nowS);
        } catch (e) {
          if (!(e instanceof WorkerGone)) throw e;
          text = inThread(params, nowS);
        }
      } else text = inThread(params, nowS);
      s.cache.set(key, text);
    }
    // A variant's odd records are written over the cached text: ours is never touched.
    return { jsonText: s.variant.oddRecords ? withOddRecords(base, text) : text };
  };
  router.get(base, handler);
  router.post(`${base}/_search`, handler);
}

export function registerShow(
  router: Router,
  s: ServiceContext,
  base: string,
  what: string,
  show: ShowFn,
): void {
  router.get(`${base}/:id`, (ctx) => {
    requireNoParams(ctx.params, `showing a ${what}`);
    return { json: show(s.world, ctx.pathParams['id']!, s.clock.nowS()) };
  });
}
