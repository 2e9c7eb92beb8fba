/** What Settings › Updates (and the log) says of each outcome, in words a user can act on. */
import type { UpdateStatus } from '../../shared/ipc/updates.ts';
import type { Decision } from './decide.ts';
import { packageHint } from './install.ts';

type Words = Pick<UpdateStatus, 'summary' | 'advice'>;

export function offWords(): Words {
  return {
    summary: 'Update checks are off: Roadcam does not contact the update feed.',
    advice:
      'Choose "Download new versions and install them when I quit" or "Only tell me" to check again.',
  };
}

export function idleWords(current: string, automatic: boolean): Words {
  return {
    summary: `Roadcam ${current} has not checked for updates yet.`,
    advice: automatic ? null : 'Choose Check now to read the update feed.',
  };
}

export function noneWords(current: string, decision: Decision & { action: 'none' }): Words {
  const summary = `Roadcam ${current} is up to date.`;
  if (decision.why === 'older')
    return { summary, advice: 'The feed offers an older version; Roadcam never goes back.' };
  return { summary, advice: null };
}

/** A newer version, and how it gets here. */
export function offerWords(
  decision: Exclude<Decision, { action: 'none' }>,
  downloadUrl: string,
  state: 'available' | 'downloading' | 'ready',
  install: { kind: string; format?: 'deb' | 'rpm' | 'pacman' },
): Words {
  const version = decision.version;
  if (decision.action === 'install-on-quit') {
    if (state === 'downloading')
      return {
        summary: `Roadcam ${version} is available; it is downloading and installs when you quit.`,
        advice: null,
      };
    if (state === 'ready')
      return {
        summary: `Roadcam ${version} is available; it installs when you quit.`,
        advice: null,
      };
    return {
      summary: `Roadcam ${version} is available; it downloads now and installs when you quit.`,
      advice: null,
    };
  }
  const summary = `Roadcam ${version} is available: download it from ${downloadUrl}`;
  if (decision.why === 'package' && install.format)
    return {
      summary,
      advice: `This copy was installed from a .${install.format} package, which only the system's package manager updates. Install the download with ${packageHint(install.format, downloadUrl)}.`,
    };
  if (decision.why === 'not-installed')
    return {
      summary,
      advice:
        'Install the desktop app from that download to have Roadcam update itself: browser mode and the command line run the copy they were started from.',
    };
  return {
    summary,
    advice:
      'Or choose "Download new versions and install them when I quit" to have Roadcam install it for you.',
  };
}

export function failedWords(reason: string, retryMinutes: number | null): Words {
  const again = retryMinutes === null ? '' : ` Roadcam tries again in ${retryMinutes} minutes.`;
  return {
    summary: `Roadcam could not check for updates: ${reason}.`,
    advice: `Check the network and the update feed address in Settings › Updates, then choose Check now.${again}`,
  };
}
