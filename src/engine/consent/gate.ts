import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { ExistingPolicy } from '../../shared/ipc/downloads.ts';
import type { Settings, SettingsPatch } from '../../shared/settings.ts';
import { guardedChanges, printable } from './changes.ts';
import type { Policy } from './policy.ts';

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
    // "Extra CA certificates" reads "extra CA certificates" in a sentence.
    const what = changes.map((c) => c.label[0]!.toLowerCase() + c.label.slice(1)).join(' and ');
    const commands = changes.map((c) => `"roadcam settings set ${c.setting} VALUE"`);
    await this.#require({
      title: `Change the ${what}?`,
      detail: [
        ...changes.map((c) => c.line),
        '',
        ...new Set(changes.map((c) => c.effect)),
        'Change it only if you asked for this change yourself.',
      ].join('\n'),
      agree: 'Change',
      agreeKind: 'change',
      declined: 'Not changed: you declined the change in the confirmation dialog.',
      unasked:
        `Not changed: in browser mode the page cannot change the ${what}. ` +
        `Change it with the command ${commands.join(' and ')} on this computer, or allow the value in ${this.#policyPath}.`,
    });
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
    const lines = [
      inside ? `Folder: ${shown}` : `Folder: ${shown}, outside the download folder ${downloads}`,
      ...(overwrite ? ['Files of the same name already in it will be replaced.'] : []),
    ];
    const how = [
      ...(inside ? [] : [`choose a folder inside ${downloads}`]),
      ...(overwrite ? ['choose Skip or Rename for existing files'] : []),
    ];
    await this.#require({
      title: overwrite ? 'Download and replace existing files?' : 'Download to this folder?',
      detail: [...lines, '', 'Go ahead only if you chose this download yourself.'].join('\n'),
      agree: 'Download',
      agreeKind: 'download',
      declined: 'Not started: you declined the download in the confirmation dialog.',
      unasked:
        `Not started: in browser mode the page cannot ${inside ? 'overwrite files' : 'download outside the download folder'}. ` +
        `${capital(how.join(' and '))}; or set the folder with the command "roadcam settings set downloadFolder DIR", ` +
        `download with "roadcam download", or allow the folder in ${this.#policyPath}.`,
    });
  }

  async #require(question: ConsentQuestion): Promise<void> {
    const refusal = await this.#ask(question);
    if (refusal !== null) throw new ConsentRefused(refusal);
  }
}

/** Whether `folder` is `base` or inside it, as paths (`..` resolved). */
function within(base: string, folder: string): boolean {
  const rel = relative(resolve(base), resolve(folder));
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
