import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  alternativeName,
  cutToBytes,
  sanitiseSegment,
} from '../../../src/engine/downloads/naming.ts';
import { tempDir } from '../../helpers/core.ts';

// File systems count a name's length in bytes (ext4: 255 bytes of UTF-8) or in UTF-16 units
// (NTFS: 255): every segment the engine writes, with what it appends, must fit both.
const dir = tempDir('roadcam-naming-');
afterAll(() => dir.remove());

const utf16 = (s: string) => s.length;
const bytes = (s: string) => Buffer.byteLength(s);
/** A string Node writes as it is: no lone surrogate turned into U+FFFD. */
const wellFormed = (s: string) => Buffer.from(s).toString() === s;

describe('segments cut by bytes', () => {
  const long = [
    `${'漢'.repeat(80)}.zip`,
    `${'漢'.repeat(200)}`,
    `a${'😀'.repeat(60)}.zip`,
    `${'😀'.repeat(70)}`,
    `ab${'é'.repeat(150)}.mp4`,
    `${'a'.repeat(119)} ${'b'.repeat(20)}`,
    `${'a'.repeat(119)}.${'b'.repeat(20)}`,
  ];

  it('stay within 120 bytes, between characters, with no trailing dot or space', () => {
    for (const name of long) {
      const cut = sanitiseSegment(name);
      expect(bytes(cut), name).toBeLessThanOrEqual(120);
      expect(wellFormed(cut), name).toBe(true);
      expect(cut, name).not.toMatch(/[.\s]$/);
      expect(name.startsWith(cut.replace(/\.[a-z0-9]+$/, '')), name).toBe(true);
    }
    expect(sanitiseSegment(`${'漢'.repeat(80)}.zip`)).toBe(`${'漢'.repeat(38)}.zip`);
  });

  it('cut a string between code points', () => {
    expect(cutToBytes('a😀b', 4)).toBe('a');
    expect(cutToBytes('a😀b', 5)).toBe('a😀');
    expect(cutToBytes('éé', 3)).toBe('é');
    expect(cutToBytes('abc', 0)).toBe('');
  });

  it('with " (12345)" and ".part" added, fit 255 bytes and 255 UTF-16 units, and can be written', () => {
    for (const [i, name] of long.entries()) {
      const file = `${alternativeName(`n${i}-${sanitiseSegment(name)}`, 12345)}.part`;
      expect(bytes(file), name).toBeLessThanOrEqual(255);
      expect(utf16(file), name).toBeLessThanOrEqual(255);
      writeFileSync(join(dir.path, file), name);
      expect(readFileSync(join(dir.path, file), 'utf8')).toBe(name);
    }
    expect(readdirSync(dir.path)).toHaveLength(long.length);
  });

  it('replace a lone surrogate, which has no UTF-8 form', () => {
    const cut = sanitiseSegment('\ud800x\udfff.jpg');
    expect(cut).toBe('_x_.jpg');
    expect(wellFormed(cut)).toBe(true);
  });
});

describe('Windows device names', () => {
  it('get a leading underscore, with any extension, in any case', () => {
    for (const device of [
      'CON',
      'prn.txt',
      'Aux.tar.gz',
      'NUL',
      'COM0',
      'com9.log',
      'LPT1',
      'COM\u00b9',
      'com\u00b2.jpg',
      'LPT\u00b3',
      'lpt\u00b9.zip',
      'CONIN$',
      'conout$.txt',
      'CON .txt',
      'nul..',
    ]) {
      expect(sanitiseSegment(device), device).toMatch(/^_/);
    }
  });

  it('leave names that only start like one', () => {
    for (const name of ['CONSOLE', 'com10', 'lpt', 'auxiliary.txt', 'CONIN', 'con-1.jpg']) {
      expect(sanitiseSegment(name), name).toBe(name);
    }
  });
});
