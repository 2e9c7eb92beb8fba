import { said, type Said } from '../../shared/i18n/translator.ts';
import {
  GUARDED_SETTINGS,
  type GuardedSetting,
  type Settings,
  type SettingsPatch,
} from '../../shared/settings.ts';

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

/** A change's line, "Update feed: from the built-in feed to https://…", as the catalogue says it. */
function lineSaid(setting: GuardedSetting, from: string, to: string): Said {
  const values = {
    from: printable(from),
    to: printable(to),
    fromEmpty: from === '' ? 'yes' : 'no',
    toEmpty: to === '' ? 'yes' : 'no',
  };
  switch (setting) {
    case 'proxyMode':
      return said('consent.line.proxyMode', { from, to });
    case 'updateFeedUrl':
      return said('consent.line.updateFeedUrl', values);
    case 'caFile':
      return said('consent.line.caFile', values);
    case 'proxyUrl':
      return said('consent.line.proxyUrl', values);
    case 'tileUrl':
      return said('consent.line.tileUrl', values);
    case 'routingUrl':
      return said('consent.line.routingUrl', values);
    case 'downloadFolder':
      return said('consent.line.downloadFolder', values);
  }
}

/** What the change lets happen, said to the person who decides. */
const EFFECTS = {
  updateFeedUrl: 'consent.effect.updateFeedUrl',
  caFile: 'consent.effect.caFile',
  proxyMode: 'consent.effect.proxyMode',
  proxyUrl: 'consent.effect.proxyUrl',
  tileUrl: 'consent.effect.tileUrl',
  routingUrl: 'consent.effect.routingUrl',
  downloadFolder: 'consent.effect.downloadFolder',
} as const satisfies Record<GuardedSetting, string>;

/** One guarded setting the patch really changes (the same value again changes nothing). */
export interface GuardedChange {
  setting: GuardedSetting;
  from: string;
  to: string;
  /** "Update feed: from the built-in feed to https://…" */
  line: Said;
  effect: Said;
}

export function guardedChanges(current: Settings, patch: SettingsPatch): GuardedChange[] {
  const changes: GuardedChange[] = [];
  for (const setting of GUARDED_SETTINGS) {
    const to = patch[setting];
    if (to === undefined || to === current[setting]) continue;
    const from = current[setting];
    changes.push({
      setting,
      from,
      to,
      line: lineSaid(setting, from, to),
      effect: said(EFFECTS[setting]),
    });
  }
  return changes;
}
