import { describe, expect, it } from 'vitest';
import {
  alternativeName,
  checkTemplate,
  insideFolder,
  renderName,
  sanitiseSegment,
  templateValues,
} from '../../../src/engine/downloads/naming.ts';
import { planItems, splitPeriod, type Chosen } from '../../../src/engine/downloads/selection.ts';
import { DEFAULT_TEMPLATE } from '../../../src/shared/ipc/downloads.ts';
import { english } from '../../../src/shared/i18n/english.ts';
import type { Recording } from '../../../src/shared/api/index.ts';

const props = {
  camera_id: 'US-CO-000042',
  country: 'US',
  state: 'CO',
  region: 'Front Range',
  city: 'Denver',
  start: '2026-11-21T12:00:00Z',
  stop: '2026-11-21T12:05:00Z',
  duration: 300,
} as Recording['properties'];

describe('file names', () => {
  it('follow the default template, which contains the recording id', () => {
    expect(DEFAULT_TEMPLATE).toContain('{recording_id}');
    expect(renderName(DEFAULT_TEMPLATE, templateValues('rec_1', 'zip', props))).toBe(
      'CO/US-CO-000042/20261121T120000Z_rec_1.zip',
    );
  });

  it('never climb out of the folder, whatever the service sends', () => {
    const hostile = { ...props, state: '../..', camera_id: '..\\..\\Windows', city: '/etc/passwd' };
    const name = renderName(
      '{state}/{camera_id}/{city}.{format}',
      templateValues('r', 'jpg', hostile),
    );
    expect(name.split('/')).toHaveLength(3);
    for (const segment of name.split('/')) {
      expect(segment).not.toMatch(/^\.|[\\:]/);
      expect(segment).not.toBe('');
    }
    expect(() => insideFolder('/tmp/out', name)).not.toThrow();
    expect(() => insideFolder('/tmp/out', '../x')).toThrow(/would leave the folder/);
    // A template's own "..", absolute start or backslashes are no way out either.
    expect(
      renderName('/../{recording_id}/..\\..\\x.{format}', templateValues('r', 'mp4', props)),
    ).toBe('r/x.mp4');
  });

  it('sanitise segments: control and reserved characters, devices, length', () => {
    expect(sanitiseSegment('a\u0000b<c>d:e"f|g?h*i')).toBe('a_b_c_d_e_f_g_h_i');
    expect(sanitiseSegment('CON')).toBe('_CON');
    expect(sanitiseSegment('lpt1.zip')).toBe('_lpt1.zip');
    expect(sanitiseSegment(' .hidden. ')).toBe('hidden');
    const long = sanitiseSegment(`${'é'.repeat(200)}.zip`);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(120);
    expect(long.endsWith('.zip')).toBe(true);
  });

  it('refuse unknown template fields, naming the known ones', () => {
    expect(() => checkTemplate('{camera}/{recording_id}')).toThrow(
      /\{camera\}.*Fields: \{recording_id\}/,
    );
    expect(() => checkTemplate('{recording_id}.{format}')).not.toThrow();
  });

  it('number alternatives before the extension', () => {
    expect(alternativeName('CO/a/b.zip', 2)).toBe('CO/a/b (2).zip');
    expect(alternativeName('noext', 3)).toBe('noext (3)');
  });

  it('split a period into recordings of at most 30 minutes', () => {
    expect(splitPeriod('2026-11-21T12:00:00Z', '2026-11-21T13:10:00Z')).toEqual([
      ['2026-11-21T12:00:00Z', 1800],
      ['2026-11-21T12:30:00Z', 1800],
      ['2026-11-21T13:00:00Z', 600],
    ]);
    expect(() => splitPeriod('2026-11-21T12:00:00Z', '2026-11-21T11:00:00Z')).toThrow(/end after/);
  });
});

describe('planned items', () => {
  const recording = (id: string, status: string, formats: string[]): Chosen => ({
    recordingId: id,
    recording: {
      type: 'Feature',
      id,
      geometry: { type: 'Point', coordinates: [0, 0] },
      properties: { ...props, status, formats } as unknown as Recording['properties'],
    },
  });
  const destination = {
    formats: ['zip'] as const,
    folder: '/tmp',
    template: DEFAULT_TEMPLATE,
    existing: 'skip',
  } as const;

  it('wait for a recording in any status but complete and failed (transitions are not shown)', () => {
    const items = planItems(
      [
        recording('rec_a', 'complete', ['zip']),
        recording('rec_b', 'submitted', []),
        recording('rec_c', 'processing', []),
        recording('rec_d', 'failed', []),
        recording('rec_e', 'complete', ['jpg']),
      ],
      destination,
    );
    expect(items.map((i) => [i.recordingId, i.state])).toEqual([
      ['rec_a', 'queued'],
      ['rec_b', 'waiting'],
      ['rec_c', 'waiting'],
      ['rec_d', 'failed'],
      ['rec_e', 'failed'],
    ]);
    expect(english.say(items[4]!.message!)).toMatch(/has no zip file/);
  });
});
