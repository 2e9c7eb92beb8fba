import { describe, expect, it } from 'vitest';
import { SaidError } from '../../../src/shared/i18n/said-error.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import { said } from '../../../src/shared/i18n/translator.ts';
import { handlersOf, Lifecycle, type AnyFeature } from '../../../src/engine/features/lifecycle.ts';

/** A feature that writes what happens to it into `seen`. */
function feature(name: string, seen: string[], fail?: 'start' | 'close'): AnyFeature {
  return {
    name,
    handlers: {},
    async start() {
      await Promise.resolve();
      if (fail === 'start') throw new Error(`${name} cannot start`);
      seen.push(`start ${name}`);
    },
    async close() {
      await Promise.resolve();
      seen.push(`close ${name}`);
      if (fail === 'close') throw new Error(`${name} is stuck`);
    },
  };
}

describe('the features of a core', () => {
  it('start in order and close in the reverse one, after everything opened later', async () => {
    const seen: string[] = [];
    const lifecycle = new Lifecycle(() => {});
    lifecycle.opened('database', () => void seen.push('close database'));
    await lifecycle.start([feature('downloads', seen), feature('collections', seen)]);
    lifecycle.opened('late part', () => void seen.push('close late part'));
    await lifecycle.close();
    expect(seen).toEqual([
      'start downloads',
      'start collections',
      'close late part',
      'close collections',
      'close downloads',
      'close database',
    ]);
  });

  it('close once: a second close waits for the first and closes nothing again', async () => {
    const seen: string[] = [];
    const lifecycle = new Lifecycle(() => {});
    await lifecycle.start([feature('wall', seen)]);
    await Promise.all([lifecycle.close(), lifecycle.close()]);
    await lifecycle.close();
    expect(seen.filter((s) => s.startsWith('close'))).toEqual(['close wall']);
  });

  it('that fail to start close what started before them, and say which one failed', async () => {
    const seen: string[] = [];
    const lifecycle = new Lifecycle(() => {});
    lifecycle.opened('database', () => void seen.push('close database'));
    await expect(
      lifecycle.start([feature('a', seen), feature('b', seen, 'start'), feature('c', seen)]),
    ).rejects.toThrow('Roadcam could not start its b: b cannot start');
    expect(seen).toEqual(['start a', 'close a', 'close database']);
  });

  it('close past one that fails, and then report it', async () => {
    const seen: string[] = [];
    const logged: string[] = [];
    const lifecycle = new Lifecycle((line) => logged.push(line));
    await lifecycle.start([feature('a', seen), feature('b', seen, 'close'), feature('c', seen)]);
    await expect(lifecycle.close()).rejects.toThrow(/did not close cleanly: b \(b is stuck\)/);
    expect(seen.slice(3)).toEqual(['close c', 'close b', 'close a']);
    expect(logged).toEqual(['b did not close cleanly: b is stuck']);
  });

  it("say a failed start and an unclean close in the user's language, a worded cause within", async () => {
    const de = await loadTranslator('de');
    const starting = new Lifecycle(() => {});
    const worded: AnyFeature = {
      name: 'downloads',
      handlers: {},
      start: () => {
        throw new SaidError(said('collections.offline.noEngine'));
      },
    };
    const failed = await starting.start([worded]).catch((error: unknown) => error);
    expect((failed as Error).message).toBe(
      'Roadcam could not start its downloads: The download engine is not running; the sync cannot fetch.',
    );
    expect(de.say((failed as SaidError).said)).toBe(
      'Roadcam konnte seinen Teil „downloads“ nicht starten: Die Download-Steuerung läuft nicht; der Abgleich kann nichts abrufen.',
    );
    const closing = new Lifecycle(() => {});
    await closing.start([feature('b', [], 'close')]);
    const unclean = await closing.close().catch((error: unknown) => error);
    expect(de.say((unclean as SaidError).said)).toBe(
      'Roadcam wurde beendet, aber diese Teile wurden nicht sauber geschlossen: b (b is stuck).',
    );
  });

  it('refuse a channel answered by two features, or one answered by none', () => {
    const status = () => {
      throw new Error('not called');
    };
    const a: AnyFeature = { name: 'app', handlers: { 'app.status': status } };
    const b: AnyFeature = { name: 'connection checks', handlers: { 'app.status': status } };
    expect(() => handlersOf([a, b])).toThrow(
      'The channel app.status is answered by two features, app and connection checks: keep it in one.',
    );
    // A list typed as features of unknown channels passes the compile-time check: not this one.
    expect(() => handlersOf([a])).toThrow(/^No feature answers (?!.*app\.status).*walls\.list/);
  });
});
