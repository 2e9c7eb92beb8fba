import {
  GUARDED_SETTINGS,
  type GuardedSetting,
  type Settings,
  type SettingsPatch,
} from '../../shared/settings.ts';

interface Guarded {
  label: string;
  /** How the empty value (or each mode) reads in a sentence. */
  shown(value: string): string;
  /** What the change lets happen, said to the person who decides. */
  effect: string;
}

const quoted = (empty: string) => (value: string) => (value === '' ? empty : printable(value));

// Controls and bidi overrides, which could draw lines of their own in the dialog.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
const UNPRINTED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const LONGEST = 300;

/**
 * A value from the page as the question shows it: each control or bidi override as \uXXXX (a
 * folder name cannot forge a line of the question), and cut past 300 characters.
 */
export function printable(value: string): string {
  const shown = value.replace(
    UNPRINTED,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return shown.length > LONGEST ? `${shown.slice(0, LONGEST)}…` : shown;
}

const GUARDS: Record<GuardedSetting, Guarded> = {
  updateFeedUrl: {
    label: 'Update feed',
    shown: quoted('the built-in feed'),
    effect: 'Roadcam will download new versions from this address and install them.',
  },
  caFile: {
    label: 'Extra CA certificates',
    shown: quoted('none'),
    effect: "Every certificate this file vouches for will be trusted for Roadcam's connections.",
  },
  proxyMode: {
    label: 'Proxy',
    shown: (mode) =>
      mode === 'auto' ? "the system's proxy settings" : mode === 'none' ? 'no proxy' : 'this proxy',
    effect: "All of Roadcam's connections will go this way.",
  },
  proxyUrl: {
    label: 'Proxy address',
    shown: quoted('none'),
    effect: "All of Roadcam's connections will go through this proxy.",
  },
  tileUrl: {
    label: 'Map tiles URL',
    shown: quoted('none (outlines only)'),
    effect: 'Roadcam will fetch map tiles from this address, which may be on your network.',
  },
  routingUrl: {
    label: 'Routing service address',
    shown: quoted('none (straight lines)'),
    effect:
      "Roadcam will send your routes' places to this address, which may be on your network, to draw them along the roads.",
  },
  downloadFolder: {
    label: 'Download folder',
    shown: quoted('your Downloads folder'),
    effect: 'Downloads will write files in this folder without asking again.',
  },
};

/** One guarded setting the patch really changes (the same value again changes nothing). */
export interface GuardedChange {
  setting: GuardedSetting;
  label: string;
  from: string;
  to: string;
  /** "Update feed: from the built-in feed to https://…" */
  line: string;
  effect: string;
}

export function guardedChanges(current: Settings, patch: SettingsPatch): GuardedChange[] {
  const changes: GuardedChange[] = [];
  for (const setting of GUARDED_SETTINGS) {
    const to = patch[setting];
    if (to === undefined || to === current[setting]) continue;
    const guard = GUARDS[setting];
    const from = current[setting];
    changes.push({
      setting,
      label: guard.label,
      from,
      to,
      line: `${guard.label}: from ${guard.shown(from)} to ${guard.shown(to)}`,
      effect: guard.effect,
    });
  }
  return changes;
}
