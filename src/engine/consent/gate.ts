import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { ExistingPolicy } from '../../shared/ipc/downloads.ts';
import type { Settings, SettingsPatch } from '../../shared/settings.ts';
import { guardedChanges, printable } from './changes.ts';
import type { Policy } from './policy.ts';
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin, type Said, type Translator } from '../../shared/i18n/translator.ts';

/** What the user is asked, in a place the page cannot draw (the desktop's native dialog). */
export interface ConsentQuestion {
  /** "Change the update feed?" */
  title: string;
  /** What changes and to what, one line each, then what that lets happen. */
  detail: string;
  /** The button that agrees; the other one is Cancel, the default. */
  agree: string;
  /**
   * Which agreeing word the button says, for a front end to say in its user's language; a
   * question without one shows `agree` as it is.
   */
  agreeKind?: 'change' | 'download';
  /** Said at the field when the user chose Cancel. */
  declined: string;
  /** Said at the field where no one can be asked (browser mode): how to make the change. */
  unasked: string;
  /** The same, as the core means it: a front end says it in its user's language. */
  said?: QuestionSaid;
}

/** A question as catalogue codes; a null line of the detail is an empty line. */
export interface QuestionSaid {
  title: Said;
  detail: readonly (Said | null)[];
  declined: Said;
  unasked: Said;
}

/** A question's title and detail in `words`' language (its English when it has no codes). */
export function questionWords(
  question: ConsentQuestion,
  words: Pick<Translator, 'say'>,
): { title: string; detail: string } {
  return question.said
    ? saidWords(question.said, words)
    : { title: question.title, detail: question.detail };
}

function saidWords(s: QuestionSaid, words: Pick<Translator, 'say'>) {
  const detail = s.detail.map((line) => (line ? words.say(line) : '')).join('\n');
  return { title: words.say(s.title), detail };
}

/** A question made of codes, its English beside them (the log's, and a front end's without them). */
function asked(s: QuestionSaid, agreeKind: 'change' | 'download'): ConsentQuestion {
  const agree = english.t('desktop.consent.agree', { agree: agreeKind });
  return {
    ...saidWords(s, english),
    agree,
    agreeKind,
    declined: english.say(s.declined),
    unasked: english.say(s.unasked),
    said: s,
  };
}

/**
 * How a core asks: the desktop app's dialog, browser mode's refusal, the CLI's "the user typed
 * it". Resolves to null when the change may go ahead, else why not, in words.
 */
export type AskConsent = (question: ConsentQuestion) => Promise<string | null>;

/** The user typed the change (the CLI): that is the consent. */
export const typedByUser: AskConsent = () => Promise.resolve(null);

/** Browser mode: the page is all there is, so nothing it asks for is taken as the user's word. */
export const refuseInBrowserMode: AskConsent = (question) => Promise.resolve(question.unasked);

/** The desktop app: its native dialog answers. */
export function askInDialog(confirm: (question: ConsentQuestion) => Promise<boolean>): AskConsent {
  return async (question) => ((await confirm(question)) ? null : question.declined);
}

/** A change the user (or browser mode) refused: the message is for the field that asked. */
export class ConsentRefused extends Error {
  override name = 'ConsentRefused';
  readonly said: Said | undefined;

  constructor(message: string, refusal?: Said) {
    super(message);
    this.said = refusal;
  }
}

/**
 * The one gate of the settings and batches that reach the machine (changes.ts). The policy's
 * values pass without a question; so do folders inside the download folder and folders the
 * native picker returned (the user chose them there).
 */
export class ConsentGate {
  readonly #ask: AskConsent;
  readonly #policy: Policy;
  readonly #policyPath: string;
  readonly #picked = new Set<string>();

  constructor(ask: AskConsent, policy: Policy, policyPath: string) {
    this.#ask = ask;
    this.#policy = policy;
    this.#policyPath = policyPath;
  }

  /** Throws ConsentRefused, and nothing is changed, unless each guarded change is agreed to. */
  async settings(current: Settings, patch: SettingsPatch): Promise<void> {
    const changes = guardedChanges(current, patch).filter(
      (c) => !this.#policy[c.setting]?.includes(c.to),
    );
    if (changes.length === 0) return;
    const which = {
      count: changes.length,
      setting: changes[0]!.setting,
      second: changes[1]?.setting ?? 'none',
    };
    await this.#require(
      asked(
        {
          title: said('consent.change.title', which),
          detail: [
            ...changes.map((c) => c.line),
            null,
            ...unique(changes.map((c) => c.effect)),
            said('consent.change.only'),
          ],
          declined: said('consent.change.declined'),
          unasked: said('consent.change.unasked', {
            ...which,
            commands: saidWithin(commandList(changes.map((c) => c.setting))),
            policy: this.#policyPath,
          }),
        },
        'change',
      ),
    );
  }

  /** The native folder picker returned this folder: the user chose it, batches may go there. */
  picked(folder: string): void {
    this.#picked.add(resolve(folder));
  }

  /**
   * A batch into `folder`: asks unless the folder is the download folder (or inside it), one the
   * picker returned or the policy allows, and always before existing files are overwritten.
   */
  async batch(folder: string, existing: ExistingPolicy, downloads: string): Promise<void> {
    const trusted = [downloads, ...this.#picked, ...(this.#policy.downloadFolder ?? [])];
    const inside = trusted.some((base) => within(base, folder));
    const overwrite = existing === 'overwrite';
    if (inside && !overwrite) return;
    const shown = printable(folder);
    const flags = { inside: inside ? 'yes' : 'no', overwrite: overwrite ? 'yes' : 'no' };
    await this.#require(
      asked(
        {
          title: said('consent.batch.title', flags),
          detail: [
            inside
              ? said('consent.batch.folder', { folder: shown })
              : said('consent.batch.outside', { folder: shown, downloads }),
            ...(overwrite ? [said('consent.batch.replace')] : []),
            null,
            said('consent.batch.only'),
          ],
          declined: said('consent.batch.declined'),
          unasked: said('consent.batch.unasked', { ...flags, downloads, policy: this.#policyPath }),
        },
        'download',
      ),
    );
  }

  async #require(question: ConsentQuestion): Promise<void> {
    const refusal = await this.#ask(question);
    if (refusal === null) return;
    const why = question.said && refusal === question.declined ? question.said.declined : undefined;
    const unasked =
      question.said && refusal === question.unasked ? question.said.unasked : undefined;
    throw new ConsentRefused(refusal, why ?? unasked);
  }
}

/** Whether `folder` is `base` or inside it, as paths (`..` resolved). */
function within(base: string, folder: string): boolean {
  const rel = relative(resolve(base), resolve(folder));
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

/**
 * `"roadcam settings set proxyMode VALUE", "roadcam settings set proxyUrl VALUE"`: the command
 * lines as typed, the value's placeholder in the reader's language.
 */
function commandList([first, ...rest]: string[]): Said {
  const one = said('consent.command', { setting: first! });
  if (rest.length === 0) return one;
  return said('consent.commands', {
    first: saidWithin(one),
    rest: saidWithin(commandList(rest)),
  });
}

/** The same effect said once, however many changes it follows from. */
function unique(effects: Said[]): Said[] {
  return effects.filter((e, i) => effects.findIndex((f) => f.code === e.code) === i);
}
