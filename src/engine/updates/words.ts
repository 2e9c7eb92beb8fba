/** What Settings › Updates (and the log) says of each outcome, in words a user can act on. */
import { english } from '../../shared/i18n/english.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';
import type { UpdateStatus } from '../../shared/ipc/updates.ts';
import { updateWords, type UpdateSaid } from '../../shared/update-words.ts';
import type { Decision } from './decide.ts';
import { packageCommands } from './install.ts';

export function offWords(): UpdateSaid {
  return { summary: said('updates.off'), reason: null, advice: said('updates.off.advice') };
}

export function idleWords(current: string, automatic: boolean): UpdateSaid {
  return {
    summary: said('updates.idle', { version: current }),
    reason: null,
    advice: automatic ? null : said('updates.idle.advice'),
  };
}

export function noneWords(current: string, decision: Decision & { action: 'none' }): UpdateSaid {
  return {
    summary: said('updates.upToDate', { version: current }),
    reason: null,
    advice: decision.why === 'older' ? said('updates.upToDate.older') : null,
  };
}

/** A newer version, and how it gets here. */
export function offerWords(
  decision: Exclude<Decision, { action: 'none' }>,
  downloadUrl: string,
  state: 'available' | 'downloading' | 'ready',
  install: { kind: string; format?: 'deb' | 'rpm' | 'pacman' },
): UpdateSaid {
  const version = decision.version;
  if (decision.action === 'install-on-quit')
    return { summary: said('updates.onQuit', { version, state }), reason: null, advice: null };
  const summary = said('updates.available', { version, url: downloadUrl });
  return { summary, reason: null, advice: offerAdvice(decision, downloadUrl, install) };
}

function offerAdvice(
  decision: Decision & { action: 'tell' },
  downloadUrl: string,
  install: { kind: string; format?: 'deb' | 'rpm' | 'pacman' },
): Said {
  if (decision.why === 'package' && install.format) {
    const { command, alternative } = packageCommands(install.format, downloadUrl);
    return said('updates.package.advice', {
      format: install.format,
      command,
      alternative: alternative ?? 'none',
    });
  }
  if (decision.why === 'not-installed') return said('updates.notInstalled.advice');
  return said('updates.available.advice');
}

/** A check that failed: `reason` is the clause after the summary's colon. */
export function failedWords(reason: Said, retryMinutes: number | null): UpdateSaid {
  return {
    summary: said('updates.failed'),
    reason,
    advice:
      retryMinutes === null
        ? said('updates.failed.advice')
        : said('updates.failed.retry', { minutes: retryMinutes }),
  };
}

/** The status's words: what was said, and its English (the log's, and older front ends'). */
export function spoken(words: UpdateSaid): Pick<UpdateStatus, 'summary' | 'advice' | 'said'> {
  return { ...updateWords(words, (s) => english.say(s)), said: words };
}
