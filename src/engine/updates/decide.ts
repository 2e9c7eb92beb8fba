/**
 * What Roadcam does about the release a feed offers: nothing, install it on quit, or tell the
 * user and say how to get it. Used by both ways of reading the feed (electron-updater in the
 * desktop app, a plain request elsewhere), so the two cannot disagree.
 */
import { said } from '../../shared/i18n/translator.ts';
import type { Settings } from '../../shared/settings.ts';
import { FeedProblem, type UpdateChannel } from './feed.ts';
import type { InstallKind } from './install.ts';
import { compareVersions, isPrerelease, parseVersion } from './version.ts';

export type Decision =
  | { action: 'none'; why: 'same' | 'older' | 'prerelease-on-stable' }
  | { action: 'install-on-quit'; version: string }
  | { action: 'tell'; version: string; why: 'notify' | 'package' | 'not-installed' };

export interface DecisionInput {
  current: string;
  offered: string;
  channel: UpdateChannel;
  /** `never` never gets here: no check is made at all. */
  mode: Exclude<Settings['updateMode'], 'never'>;
  install: InstallKind;
}

export function decide(input: DecisionInput): Decision {
  const current = parseVersion(input.current);
  const offered = parseVersion(input.offered);
  if (!current) throw new Error(`this copy's own version "${input.current}" is not semver`);
  if (!offered)
    throw new FeedProblem(said('updates.reason.notVersion', { offered: input.offered }));
  // The stable channel never offers a pre-release, even one a feed lists as latest by mistake.
  if (input.channel === 'stable' && isPrerelease(offered))
    return { action: 'none', why: 'prerelease-on-stable' };
  const order = compareVersions(offered, current);
  // Never a downgrade: someone on 0.3.0-beta.2 who goes back to stable waits for 0.3.0.
  if (order === 0) return { action: 'none', why: 'same' };
  if (order < 0) return { action: 'none', why: 'older' };
  if (input.install.kind === 'package')
    return { action: 'tell', version: input.offered, why: 'package' };
  if (input.install.kind === 'not-installed')
    return { action: 'tell', version: input.offered, why: 'not-installed' };
  if (input.mode === 'notify') return { action: 'tell', version: input.offered, why: 'notify' };
  return { action: 'install-on-quit', version: input.offered };
}
