import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../e2e/say.ts';
import { ANY_NUMBER, ANY_TEXT, eitherOf, sayPattern } from '../../e2e/say-pattern.ts';

// The e2e suite's one way to find a message whose parameters a spec cannot know: each pattern is
// checked against the text the app's own translator says, in English and in the pseudo-locale.
const en = translatorFor('en');
const pseudo = translatorFor('en-XA');
const inEnglish = { language: 'en' } as const;
const inPseudo = { language: 'en-XA' } as const;

describe('sayPattern', () => {
  it("leaves a plural's count open and keeps the words its select chose", () => {
    const match = sayPattern(
      'downloads.search.match',
      { status: 'complete', count: ANY_NUMBER },
      {
        ...inEnglish,
        anchor: 'whole',
      },
    );
    expect(match.test(en.t('downloads.search.match', { status: 'complete', count: 1024 }))).toBe(
      true,
    );
    expect(match.test(en.t('downloads.search.match', { status: 'complete', count: 7 }))).toBe(true);
    expect(match.test(en.t('downloads.search.match', { status: 'any', count: 7 }))).toBe(false);
  });

  it("says the pseudo-locale's brackets and accents around the holes, not English", () => {
    const match = sayPattern(
      'downloads.search.match',
      { status: 'complete', count: ANY_NUMBER },
      {
        ...inPseudo,
        anchor: 'whole',
      },
    );
    expect(match.test(pseudo.t('downloads.search.match', { status: 'complete', count: 12 }))).toBe(
      true,
    );
    expect(match.test(en.t('downloads.search.match', { status: 'complete', count: 12 }))).toBe(
      false,
    );
  });

  it("keeps a hole's groups for exec and its given texts as they are", () => {
    for (const [words, options] of [
      [en, inEnglish],
      [pseudo, inPseudo],
    ] as const) {
      const savedAt = sayPattern('downloads.savedAt', { path: /(\S+)/ }, options);
      const said = words.t('downloads.savedAt', { path: '/data/rec_1.mp4' });
      expect(savedAt.exec(`Done. ${said}`)?.[1]).toBe('/data/rec_1.mp4');
      const open = sayPattern('collections.open', { name: 'a.b (c)' }, options);
      expect(open.test(words.t('collections.open', { name: 'a.b (c)' }))).toBe(true);
      expect(open.test(words.t('collections.open', { name: 'aXb (c)' }))).toBe(false);
    }
  });

  it('cuts a message before a parameter: the start of a text whose end is unknown', () => {
    const options = { ...inPseudo, anchor: 'start', before: 'description' } as const;
    const withVideo = sayPattern(
      'map.marker.camera',
      { id: 'C1', video: 'true', description: ANY_TEXT },
      options,
    );
    const title = (video: string) =>
      pseudo.t('map.marker.camera', { id: 'C1', video, description: 'Main St' });
    expect(withVideo.test(title('true'))).toBe(true);
    expect(withVideo.test(title('false'))).toBe(false);
  });

  it('joins the forms of one and of many, each text pinned around its holes', () => {
    const missing = eitherOf(
      sayPattern('alerts.changes.missing', { count: 1, first: ANY_TEXT, last: '' }, inEnglish),
      sayPattern(
        'alerts.changes.missing',
        { count: ANY_NUMBER, first: ANY_TEXT, last: ANY_TEXT },
        inEnglish,
      ),
    );
    const said = (count: number) =>
      en.t('alerts.changes.missing', { count, first: '10:00 UTC', last: '11:00 UTC' });
    expect(missing.test(said(1))).toBe(true);
    expect(missing.test(said(3))).toBe(true);
    expect(missing.test('; the service had snapshots for all of them')).toBe(false);
  });

  it('anchors the whole text when asked', () => {
    const options = { ...inEnglish, anchor: 'whole' } as const;
    const frames = sayPattern('collections.add.frames', { count: ANY_NUMBER }, options);
    expect(frames.test(en.t('collections.add.frames', { count: 24 }))).toBe(true);
    expect(frames.test(`${en.t('collections.add.frames', { count: 24 })} more`)).toBe(false);
  });

  it("lets a plural's form leave a hole out, and refuses to cut at a parameter not left open", () => {
    const label = (cameras: number) =>
      sayPattern(
        'downloads.label.record',
        { cameras, camera: ANY_TEXT, start: ANY_TEXT, stop: ANY_TEXT },
        inPseudo,
      );
    const said = (cameras: number) =>
      pseudo.t('downloads.label.record', { cameras, camera: 'C7', start: '10:00', stop: '10:05' });
    expect(label(1).test(said(1))).toBe(true);
    expect(label(3).test(said(3))).toBe(true);
    expect(label(3).test(said(1))).toBe(false);
    expect(() =>
      sayPattern('updates.available', { version: '1.0', url: 'https://x' }, { before: 'version' }),
    ).not.toThrow();
    expect(() =>
      sayPattern('downloads.search.match', { status: 'any', count: 3 }, { before: 'status' }),
    ).toThrow(/status is not a hole in downloads\.search\.match/);
  });
});
