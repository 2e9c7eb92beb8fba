/**
 * Versions as semver 2.0 orders them, pre-releases included: 0.2.0-beta.1 < 0.2.0-beta.2 <
 * 0.2.0-rc.1 < 0.2.0 < 0.2.1. Written here rather than taken from `semver` (which only arrives
 * as electron-updater's own dependency), and checked against the spec's examples in the tests.
 */
export interface Version {
  major: number;
  minor: number;
  patch: number;
  /** The dot-separated identifiers after `-`; empty for a release. */
  prerelease: (string | number)[];
}

const SEMVER =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** The version, or null when the text is not semver (the feed said "latest", say). */
export function parseVersion(text: string): Version | null {
  const match = SEMVER.exec(text.trim());
  if (!match) return null;
  const prerelease = (match[4]?.split('.') ?? []).map((part) =>
    /^(0|[1-9]\d*)$/.test(part) ? Number(part) : part,
  );
  return { major: +match[1]!, minor: +match[2]!, patch: +match[3]!, prerelease };
}

/** Negative when a comes first, positive when b does, 0 when they are the same version. */
export function compareVersions(a: Version, b: Version): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (core !== 0) return Math.sign(core);
  // A release outranks its own pre-releases.
  if (a.prerelease.length === 0 || b.prerelease.length === 0)
    return Math.sign(b.prerelease.length - a.prerelease.length);
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i++) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    // A longer list of equal identifiers is the later one (beta < beta.1).
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return Math.sign(x - y);
    // Numbers rank below words; words compare in ASCII order.
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

export function isPrerelease(version: Version): boolean {
  return version.prerelease.length > 0;
}

export function formatVersion(version: Version): string {
  const pre = version.prerelease.length > 0 ? `-${version.prerelease.join('.')}` : '';
  return `${version.major}.${version.minor}.${version.patch}${pre}`;
}
