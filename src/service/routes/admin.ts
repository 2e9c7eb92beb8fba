/**
 * Test hooks under /_admin, only when the service is started with admin: true (--admin):
 * statistics, the clock, token request counts, and the HTTP forms of the test controls
 * (control.ts: cameras offline or stopped, alerts, download faults). They need no token:
 * they exist for tests and demos on 127.0.0.1.
 */
import type { LonLat } from '../../shared/geo.ts';
import type { ServiceContext } from '../context.ts';
import { createControl, type AddAlertInput } from '../control.ts';
import { RequestError, invalidParameter } from '../http/errors.ts';
import type { ParamBag, ParamValue } from '../http/params.ts';
import type { RequestContext, Router } from '../http/router.ts';
import { FAULT_KINDS, type FaultKind } from '../media/faults.ts';
import { mediaOf } from '../media/services.ts';
import { ParamReader } from '../search/reader.ts';
import { cameraOr404 } from './cameras/images.ts';

export function registerAdminEndpoints(router: Router, s: ServiceContext): void {
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
  router.post(
    '/_admin/cameras/:id/offline',
    async (ctx) => {
      const offline = flag(new ParamReader(ctx.params, ['offline']), 'offline');
      const camera = cameraOr404(mediaOf(s), ctx.pathParams['id']!);
      await mediaOf(s).setOffline(camera.id, offline);
      return { json: { ok: true, camera_id: camera.id, offline } };
    },
    open,
  );
  router.post(
    '/_admin/cameras/:id/stream',
    (ctx) => {
      const stopped = flag(new ParamReader(ctx.params, ['stopped']), 'stopped');
      const camera = cameraOr404(mediaOf(s), ctx.pathParams['id']!);
      mediaOf(s).live.setPaused(camera.id, stopped);
      return { json: { ok: true, camera_id: camera.id, stopped } };
    },
    open,
  );
  router.post('/_admin/alerts', (ctx) => addAlert(s, ctx), open);
  router.post('/_admin/faults', (ctx) => injectFault(s, ctx), open);
  router.delete(
    '/_admin/faults',
    () => {
      mediaOf(s).faults.clear();
      return { json: { ok: true } };
    },
    open,
  );
}

function stats(s: ServiceContext): object {
  const signed = mediaOf(s).signedRequests.stats;
  return {
    token_requests: s.clients.tokenRequestCounts(),
    now: s.clock.now().toISOString(),
    // Requests for signed files; with_credentials must stay 0 (interface 1.3: fetched without
    // them).
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
    throw new RequestError(
      400,
      'invalid_request',
      'Give set (ISO time) or advance_ms (milliseconds).',
    );
  }
  return { now: s.clock.now().toISOString() };
}

function flag(r: ParamReader, name: string): boolean {
  const v = r.oneOf(name, ['true', 'false', '1', '0'] as const);
  return v === undefined || v === 'true' || v === '1';
}

/** "lon lat,lon lat,..." (the polygon format of interface 2.1) or a JSON array of pairs. */
function ring(v: ParamValue | undefined): LonLat[] {
  const pairs: string[][] =
    typeof v === 'string'
      ? v.split(',').map((p) => p.trim().split(/\s+/))
      : Array.isArray(v)
        ? v.map((p) => (Array.isArray(p) ? p.map(String) : []))
        : [];
  const out = pairs.map((p) => [Number(p[0]), Number(p[1])] as const);
  if (out.length < 4 || out.some((p) => !p.every(Number.isFinite))) {
    throw invalidParameter(
      'polygon',
      'polygon must be a closed ring of at least four "lon lat" pairs.',
    );
  }
  return out;
}

/** The text fields of an added alert, each optional, copied as given. */
const ALERT_TEXT = [
  'headline',
  'description',
  'country',
  'origin',
  'areaDesc',
  'effective',
  'expires',
  'urgency',
  'severity',
  'certainty',
] as const;

function addAlert(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ['event', 'polygon', ...ALERT_TEXT, 'state']);
  const event = r.string('event');
  if (!event) throw invalidParameter('event', 'event is required, e.g. Winter Storm Warning.');
  const input: AddAlertInput = { event, polygon: ring(r.raw('polygon')) };
  for (const k of ALERT_TEXT) {
    const v = r.string(k);
    if (v !== undefined) (input as unknown as Record<string, string>)[k] = v;
  }
  const state = r.string('state');
  if (state) input.states = [[state.toUpperCase(), state.toUpperCase()]];
  try {
    return { json: { ok: true, alert_id: createControl(s, mediaOf(s)).addAlert(input) } };
  } catch (e) {
    if (e instanceof RangeError) throw new RequestError(400, 'invalid_request', e.message);
    throw e;
  }
}

function injectFault(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ['kind', 'times', 'match', 'after', 'stall_ms']);
  const kind = r.oneOf('kind', FAULT_KINDS as readonly FaultKind[]);
  if (!kind) throw invalidParameter('kind', 'kind is required: reset, stall or 503.');
  const m = mediaOf(s);
  m.faults.add({
    kind,
    times: r.int('times', { min: 1, max: 1000 }),
    match: r.string('match'),
    after: r.number('after', { min: 0, max: 1 }),
    stallMs: r.int('stall_ms', { min: 0, max: 600_000 }),
  });
  return { json: { ok: true, pending: m.faults.pending } };
}
