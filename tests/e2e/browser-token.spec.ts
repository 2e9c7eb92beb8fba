/**
 * Browser mode's token never leaves for another port of 127.0.0.1: browsers send a cookie to
 * every port of a host (RFC 6265, section 8.5), so the token is no cookie. The page keeps it
 * (a reload still works), sends it to its own port only, and media carry it in their path.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.ts';
import { say, sayWithin } from './say.ts';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

/** Another local user's server: records every request it gets, and answers a page. */
async function otherServer(): Promise<{ origin: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
    });
    response.end('<!doctype html><title>Another server</title><p>elsewhere</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => {
      // The browser keeps its connections open: end them, or close would wait for them.
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

test('the token reaches no other port: not as a cookie, a Referer or in a URL', async ({
  page,
  roadcam,
}) => {
  const other = await otherServer();
  try {
    const token = new URL(roadcam.url).searchParams.get('token')!;
    await page.goto(`${roadcam.url}#/settings`);
    const bar = page.getByRole('contentinfo', { name: say('shell.status') });
    await expect(bar.getByTestId('status-online')).toHaveText(sayWithin('shell.status.online'));
    const addressBar = page.url();

    // The browser goes to the other port, in another tab and in the app's own (a link
    // followed, an address typed); that server's page fetches from its own origin, with
    // credentials. (The app's page itself cannot reach it: its CSP allows only its own origin.)
    const tab = await page.context().newPage();
    await tab.goto(`${other.origin}/visited`);
    await tab.evaluate(async () => {
      await fetch('/fetched', { credentials: 'include' });
      const image = new Image();
      image.src = '/image.png';
      await new Promise((resolve) => (image.onerror = image.onload = resolve));
    });
    await page.goto(`${other.origin}/from-the-app`);
    await expect(page.getByText('elsewhere')).toBeVisible();

    expect(other.seen.map((s) => s.url)).toEqual(
      expect.arrayContaining(['/visited', '/fetched', '/image.png', '/from-the-app']),
    );
    for (const { url, headers } of other.seen) {
      expect(headers.cookie, url).toBeUndefined();
      expect(headers.referer ?? '', url).not.toContain(token);
      expect(url).not.toContain(token);
    }
    expect((await page.context().cookies()).map((c) => c.name)).toEqual([]);
    // Out of the address bar (and so of the history): the tab keeps it.
    expect(addressBar).not.toContain(token);
  } finally {
    await other.close();
  }
});

test('media need the token in their path; a reload keeps the app working', async ({
  page,
  roadcam,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${roadcam.url}#/map`);
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  const results = page
    .getByRole('list', { name: say('search.results.label') })
    .locator('[data-id]');
  await expect(results.first()).toBeVisible();
  const ids = await results.evaluateAll((rows) =>
    rows.slice(0, 4).map((row) => (row as HTMLElement).dataset['id']!),
  );
  expect(ids).toHaveLength(4);

  await page.goto(
    `${roadcam.url}#/wall?cameras=${ids.map(encodeURIComponent).join(',')}&layout=2x2`,
  );
  await page.reload();
  const bar = page.getByRole('contentinfo', { name: say('shell.status') });
  await expect(bar.getByTestId('status-online')).toHaveText(sayWithin('shell.status.online'));
  await expect(page.locator('[data-tile]')).toHaveCount(4);
  await expect(page.locator('[data-tile][data-state="live"]').first()).toBeVisible({
    timeout: 45_000,
  });

  // The page's own media URL works; the same path without the token is refused.
  const camera = encodeURIComponent(ids[0]!);
  const statuses = await page.evaluate(async (camera) => {
    const token = sessionStorage.getItem('roadcam.token') ?? '';
    const status = async (path: string) => (await fetch(path)).status;
    return {
      withToken: await status(`/media/${token}/cameras/${camera}/live`),
      without: await status(`/media/cameras/${camera}/live`),
      wrongToken: await status(`/media/not-the-token/cameras/${camera}/live`),
    };
  }, camera);
  expect(statuses).toEqual({ withToken: 200, without: 401, wrongToken: 401 });
});
