import { render } from '@testing-library/svelte';
import { afterEach, describe, expect, test } from 'vitest';
import RichText from '../../../../src/renderer/lib/RichText.svelte';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { said } from '../../../../src/shared/i18n/translator.ts';

afterEach(() => words.use('en'));

describe('a message with tags', () => {
  test('draws the tag as its element, the rest as text, in the language in force', async () => {
    await words.use('de');
    const { container } = render(RichText, {
      props: {
        said: said('downloads.savedAt', { path: '/data/cam 1.mp4' }),
        tags: { file: 'code' },
      },
    });
    expect(container.textContent).toBe(
      'Gespeichert unter /data/cam 1.mp4 (öffnen Sie es in Ihrer Dateiverwaltung).',
    );
    const code = container.querySelector('code');
    expect(code?.textContent).toBe('/data/cam 1.mp4');
    expect(code?.hasAttribute('data-verbatim')).toBe(true);
  });

  test('a path that looks like markup stays text, never HTML', () => {
    const path = '/tmp/<img src=x onerror=alert(1)>';
    const { container } = render(RichText, {
      props: { said: said('downloads.savedAt', { path }), tags: { file: 'code' } },
    });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('code')?.textContent).toBe(path);
  });

  test('plain words of a tagged message read without the tags', () => {
    expect(words.say(said('downloads.savedAt', { path: '/x' }))).toBe(
      'Saved at /x (open it from your file manager).',
    );
  });
});
