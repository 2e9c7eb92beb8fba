import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  formatVersion,
  isPrerelease,
  parseVersion,
} from '../../../src/engine/updates/version.ts';

const v = (text: string) => {
  const parsed = parseVersion(text);
  if (!parsed) throw new Error(`${text} should parse`);
  return parsed;
};

describe('versions in semver order', () => {
  it('orders the semver 2.0 example list, pre-releases below their release', () => {
    // The precedence example of semver.org, section 11, and a few of ours.
    const ordered = [
      '0.1.0',
      '0.2.0-beta.1',
      '0.2.0-beta.2',
      '0.2.0-beta.11',
      '0.2.0',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.10.0',
      '2.0.0',
    ];
    for (let i = 0; i < ordered.length; i++) {
      for (let j = 0; j < ordered.length; j++) {
        const order = compareVersions(v(ordered[i]!), v(ordered[j]!));
        expect(Math.sign(order), `${ordered[i]} vs ${ordered[j]}`).toBe(Math.sign(i - j));
      }
    }
  });

  it('ignores build metadata and a leading v', () => {
    expect(compareVersions(v('1.2.3+build.7'), v('v1.2.3'))).toBe(0);
    expect(formatVersion(v('v1.2.3-beta.1+sha.5114f85'))).toBe('1.2.3-beta.1');
  });

  it('refuses what is not a version', () => {
    for (const text of ['latest', '1.2', '01.2.3', '1.2.3-', '1.2.3-beta..1', ''])
      expect(parseVersion(text), text).toBeNull();
  });

  it('knows a pre-release', () => {
    expect(isPrerelease(v('0.2.0-beta.1'))).toBe(true);
    expect(isPrerelease(v('0.2.0'))).toBe(false);
  });
});
