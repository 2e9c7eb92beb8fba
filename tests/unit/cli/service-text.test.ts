import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { tempDir } from '../../helpers/core.ts';
import { startRecordingProxy, type RecordingProxy } from '../../helpers/api.ts';
import { direct, lines, runRoadcam, secretEnv } from '../../helpers/cli.ts';

// Text from the service reaches a terminal: an escape in a camera's description could retitle
// the window, clear the screen or rewrite what was printed, a bidi override could show text in
// another order. The real CLI against the embedded service, behind a proxy that puts them in.
const dataDir = tempDir('roadcam-cli-text-');
afterAll(() => dataDir.remove());

const HOSTILE =
  'Main St \u001b]0;pwned\u0007cam\u001b[2J \u202eevil\u202c\u0085\u009b31m\u007f\r\tend';
// eslint-disable-next-line no-control-regex -- the controls are what the test looks for
const ESCAPES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Every camera the service answers with gets the hostile description. */
function withHostileDescriptions(proxy: RecordingProxy): void {
  proxy.rewriteAll((answer) => {
    const a = answer as { type?: string; features?: { properties: object }[]; properties?: object };
    for (const f of a.features ?? (a.type === 'Feature' ? [a as { properties: object }] : [])) {
      Object.assign(f.properties, { description: HOSTILE });
    }
    return answer;
  });
}

const roadcam = (args: string[]) => runRoadcam(dataDir.path, args, { env: secretEnv });

describe('service text in the CLI', () => {
  test('a table prints it without escapes or controls; --json keeps it, escaped', async ({
    service,
  }) => {
    const proxy = await startRecordingProxy(service.url);
    try {
      withHostileDescriptions(proxy);
      const table = await roadcam(['cameras', 'search', ...direct(proxy.url), '--limit', '2']);
      expect(table.code, table.stderr).toBe(0);
      expect(table.stdout).not.toMatch(ESCAPES);
      expect(table.stdout).not.toContain('pwned');
      expect(lines(table.stdout)).toHaveLength(3);
      expect(lines(table.stdout)[1]).toContain('Main St cam evil31m end');

      const json = await roadcam([
        'cameras',
        'search',
        ...direct(proxy.url),
        '--limit',
        '2',
        '--json',
      ]);
      expect(json.code, json.stderr).toBe(0);
      expect(json.stdout).not.toMatch(ESCAPES);
      expect(json.stdout).toContain('\\u001b]0;pwned\\u0007');
      const first = JSON.parse(lines(json.stdout)[0]!) as { properties: { description: string } };
      expect(first.properties.description).toBe(HOSTILE);

      const id = (JSON.parse(lines(json.stdout)[0]!) as { id: string }).id;
      const shown = await roadcam(['cameras', 'show', id, ...direct(proxy.url)]);
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toContain('Main St cam evil31m');
      expect(shown.stdout).not.toMatch(ESCAPES);
    } finally {
      await proxy.close();
    }
  });

  test('an error message quoting the service prints without escapes', async ({ service }) => {
    const proxy = await startRecordingProxy(service.url);
    try {
      const message = 'no such camera \u001b]0;pwned\u0007\u001b[2J\u202eyes';
      proxy.inject({
        status: 404,
        path: '/v1/cameras',
        body: JSON.stringify({ error: { status: 404, code: 'not_found', message } }),
      });
      const out = await roadcam(['cameras', 'show', 'X1', ...direct(proxy.url)]);
      expect(out.code).not.toBe(0);
      expect(out.stderr).toMatch(/no such camera/);
      expect(out.stderr).not.toMatch(ESCAPES);
    } finally {
      await proxy.close();
    }
  });
});
