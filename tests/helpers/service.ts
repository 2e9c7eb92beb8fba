/* eslint-disable @typescript-eslint/no-explicit-any -- responses are read as raw JSON, including malformed and error bodies */
/**
 * Starts the embedded service for one test file (a small world in a temp directory, a fixed
 * start time) and gives typed helpers to call it the three ways a search can be sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeSearchParams } from '../../src/shared/api/index.ts';
import { startService, type RunningService, type ServiceOptions } from '../../src/service/index.ts';

export const NOW = '2026-11-21T12:00:00Z';
export const SEED = 7;

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ServiceUnderTest {
  service: RunningService;
  url: string;
  token: string;
  dataDir: string;
  get<T = any>(path: string, params?: object, headers?: Record<string, string>): Promise<Reply<T>>;
  postJson<T = any>(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply<T>>;
  postForm<T = any>(
    path: string,
    params: object | string,
    headers?: Record<string, string>,
  ): Promise<Reply<T>>;
  /** GET, POST JSON and POST form of one search; asserts nothing, returns the three. */
  searchAllWays<T = any>(
    collection: string,
    params: object,
  ): Promise<[Reply<T>, Reply<T>, Reply<T>]>;
  close(): Promise<void>;
}

export async function startServiceUnderTest(
  options: Partial<ServiceOptions> = {},
): Promise<ServiceUnderTest> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'roadcam-service-test-'));
  const service = await startService({
    seed: SEED,
    cameras: 300,
    hours: 6,
    now: NOW,
    admin: true,
    ...options,
    dataDir,
  });
  const url = service.url;
  const token = await requestToken(url);
  const auth = { Authorization: `Bearer ${token}` };
  const call = async <T>(path: string, init: RequestInit): Promise<Reply<T>> => {
    const res = await fetch(url + path, init);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: body as T };
  };
  const t: ServiceUnderTest = {
    service,
    url,
    token,
    dataDir,
    get: (path, params, headers = auth) => {
      const qs = params ? encodeSearchParams(params).toString() : '';
      return call(qs ? `${path}?${qs}` : path, { headers });
    },
    postJson: (path, body, headers = auth) =>
      call(path, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    postForm: (path, params, headers = auth) =>
      call(path, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: typeof params === 'string' ? params : encodeSearchParams(params).toString(),
      }),
    searchAllWays: async (collection, params) =>
      Promise.all([
        t.get(collection, params),
        t.postJson(`${collection}/_search`, params),
        t.postForm(`${collection}/_search`, params),
      ]),
    close: async () => {
      await service.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

export async function requestToken(
  url: string,
  id = 'demo',
  secret = 'demo-secret',
): Promise<string> {
  const res = await fetch(`${url}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: id,
      client_secret: secret,
    }),
  });
  if (res.status !== 200)
    throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Every feature of a search, paging with limit 100. */
export async function fetchAll<T = any>(
  t: ServiceUnderTest,
  collection: string,
  params: object = {},
): Promise<T[]> {
  const out: T[] = [];
  for (let skip = 0; ; skip += 100) {
    const r = await t.get<any>(collection, { ...params, limit: 100, skip });
    if (r.status !== 200) throw new Error(`${collection}: ${r.status} ${JSON.stringify(r.body)}`);
    const items = (r.body.features ?? r.body.results) as T[];
    out.push(...items);
    if (items.length < 100) return out;
  }
}

export function ids(reply: Reply<any>): string[] {
  return (reply.body.features as { id: string }[]).map((f) => f.id);
}
