/**
 * Registers a resource's search (GET on the collection path and POST .../_search with a JSON
 * or form body; spec 4, convention 1) and its show operation. Both search forms read the
 * same parameter bag, so they answer identically.
 */
import type { ServiceContext } from '../context.ts';
import { canonical, type ParamBag } from '../http/params.ts';
import type { Handler, Router } from '../http/router.ts';
import { requireNoParams } from '../search/common.ts';
import type { World } from '../world/world.ts';

export type SearchFn = (world: World, params: ParamBag, nowS: number) => unknown;
export type ShowFn = (world: World, id: string, nowS: number) => unknown;

export function registerSearch(
  router: Router,
  s: ServiceContext,
  base: string,
  search: SearchFn,
): void {
  const handler: Handler = (ctx) => {
    const nowS = s.clock.nowS();
    const key = `${base}|${s.world.version}|${nowS}|${canonical(ctx.params)}`;
    let text = s.cache.get(key);
    if (text === undefined) {
      text = JSON.stringify(search(s.world, ctx.params, nowS));
      s.cache.set(key, text);
    }
    return { jsonText: text };
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
