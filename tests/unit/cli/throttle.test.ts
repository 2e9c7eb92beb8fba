/**
 * The CLI when the service limits requests (429): the command goes on after waiting, and says
 * so in one line on stderr, however many requests were held back, naming the operation in the
 * user's language.
 */
import { describe, expect, it } from 'vitest';
import { useProxy, useService, useTempDir } from '../../helpers/per-describe.ts';
import { direct, lines, runRoadcam, secretEnv } from '../../helpers/cli.ts';

describe.each(['stranger-b'])('the CLI against the %s service, throttled', (variant) => {
  const proxy = useProxy(useService({ cameras: 40, hours: 2, variant }));
  const dataDir = useTempDir('roadcam-cli-throttle-');

  it('waits out 429s, finishes, and says so in one line on stderr', async () => {
    const limited = { status: 429, path: '/v1/cameras', headers: { 'retry-after': '1' } };
    proxy.inject(limited, limited);
    const out = await runRoadcam(
      dataDir.path,
      ['cameras', 'search', '--limit', '5', '--json', ...direct(proxy.url)],
      { env: secretEnv },
    );
    expect(out.code, out.stderr).toBe(0);
    expect(lines(out.stdout)).toHaveLength(5);
    const notes = lines(out.stderr).filter((l) => l.includes('limiting requests'));
    expect(notes).toEqual([
      'roadcam: the service is limiting requests: retrying in 1 s (cameras search).',
    ]);
    expect(proxy.requests.filter((r) => r.path.startsWith('/v1/cameras'))).toHaveLength(3);
  });

  it('names the operation held back in the language LANG says', async () => {
    proxy.inject({ status: 429, path: '/v1/cameras', headers: { 'retry-after': '1' } });
    const out = await runRoadcam(
      dataDir.path,
      ['cameras', 'search', '--limit', '5', '--json', ...direct(proxy.url)],
      { env: { ...secretEnv, LANG: 'de_DE.UTF-8' } },
    );
    expect(out.code, out.stderr).toBe(0);
    expect(lines(out.stderr).filter((l) => l.includes('begrenzt'))).toEqual([
      'roadcam: der Dienst begrenzt die Anfragen: neuer Versuch in 1 s (Kamerasuche).',
    ]);
  });
});
