/**
 * Test hooks under /_admin, only when the service is started with admin: true (--admin).
 * They need no token: they exist for tests and demos on 127.0.0.1.
 */
import type { ServiceContext } from '../context.ts';
import { ApiError, invalidParameter } from '../http/errors.ts';
import type { ParamBag } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { mediaOf } from '../media/services.ts';

export function registerAdminRoutes(router: Router, s: ServiceContext): void {
  const open = { auth: false };
  router.get('/_admin/stats', () => ({ json: stats(s) }), open);
  router.post(
    '/_admin/token-requests/reset',
    () => {
      s.clients.reset();
      return { json: { ok: true } };
    },
    open,
  );
  router.get('/_admin/clock', () => ({ json: { now: s.clock.now().toISOString() } }), open);
  router.post('/_admin/clock', (ctx) => ({ json: setClock(s, ctx.params) }), open);
}

function stats(s: ServiceContext): object {
  const signed = mediaOf(s).signedRequests.stats;
  return {
    token_requests: s.clients.tokenRequestCounts(),
    now: s.clock.now().toISOString(),
    // Requests for signed files; with_credentials must stay 0 (spec 1.3: fetched without them).
    signed_requests: {
      requests: signed.requests,
      with_credentials: signed.withCredentials,
      host: s.variant.signedHost,
    },
    world: {
      seed: s.world.seed,
      cameras: s.world.cameraCount,
      hours: s.world.hours,
      last_slot: new Date(s.world.lastSlot * 1000).toISOString(),
    },
  };
}

function setClock(s: ServiceContext, params: ParamBag): object {
  const set = params['set'];
  const advance = params['advance_ms'];
  if (typeof set === 'string') {
    const ms = Date.parse(set);
    if (!Number.isFinite(ms)) throw invalidParameter('set', 'set must be an ISO 8601 time.');
    s.clock.set(new Date(ms));
  } else if (typeof advance === 'string') {
    const ms = Number(advance);
    if (!Number.isFinite(ms))
      throw invalidParameter('advance_ms', 'advance_ms must be a number of milliseconds.');
    s.clock.advance(ms);
  } else {
    throw new ApiError(400, 'invalid_request', 'Give set (ISO time) or advance_ms (milliseconds).');
  }
  return { now: s.clock.now().toISOString() };
}
