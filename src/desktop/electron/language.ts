/**
 * Which language the shell speaks, and that the page agrees: the system's preferred languages
 * (`app.getPreferredSystemLanguages()`, else Chromium's locale), or the one Settings chose.
 */
import { app } from 'electron';
import type { Core } from '../../engine/index.ts';
import { pickLanguage, type LanguageChoice } from '../../shared/i18n/languages.ts';
import type { Said } from '../../shared/i18n/translator.ts';
import { ShellWords } from '../words.ts';

/** The shell's one set of words: the menu, the tray, notifications and dialogs read it. */
export const shellWords = new ShellWords();

/** The system's languages, most wanted first (getLocale before ready is not reliable: after). */
function systemLanguages(): string[] {
  const preferred = app.getPreferredSystemLanguages();
  return preferred.length > 0 ? preferred : [app.isReady() ? app.getLocale() : 'en-US'];
}

/**
 * Before ready: Chromium's locale becomes the system language the shell picked, so the page's
 * navigator.languages (which follows Chromium's locale, not the system's whole list) picks the
 * same one: a system preferring Dutch, then German, shows German in the menu and the page alike.
 */
export function agreeWithPage(): void {
  const system = app.getPreferredSystemLanguages();
  const picked = pickLanguage(system);
  // The tag that is the picked language itself (not one that fell back to English).
  const tag = system.find(
    (t) => t.toLowerCase() === picked.toLowerCase() || t.split(/[-_]/)[0]!.toLowerCase() === picked,
  );
  if (tag) app.commandLine.appendSwitch('lang', tag);
}

/** Speaks `choice` now, and whatever Settings › Language says from the started core on. */
export function followLanguage(choice: LanguageChoice, started: Promise<Core>): Promise<void> {
  // Without a catch: a core that fails to start says so itself (index.ts).
  void started.then(
    (core) => core.hub.on('settings.changed', (next) => void speak(next.language)),
    () => {},
  );
  return speak(choice);
}

function speak(choice: LanguageChoice): Promise<void> {
  return shellWords.choose(choice, systemLanguages());
}

/** An error for a dialog or notification: what the core said, in the shell's language. */
export function errorInWords(error: unknown): string {
  const said = (error as { said?: Said } | null)?.said;
  if (said) return shellWords.words().say(said);
  return error instanceof Error ? error.message : String(error);
}
