/**
 * What is wrong with a setting the contract refuses (src/shared/settings.ts), as a catalogue
 * code: the one wording of each setting's rule. The engine sends it with a refusal and the
 * command line says it ("Not changed: downloadConcurrency: At most 16 downloads run at a time:
 * type 16 or less."); Settings says the same sentence at the field, as it is typed. A limit's
 * sentence is built from the limit the schema carries, so a limit is written once; the English
 * of each form's rule is the schema's own message, so the two cannot drift apart.
 */
import type { z } from 'zod';
import { english } from './i18n/english.ts';
import { said, saidWithin, type Said } from './i18n/translator.ts';

/** A setting's rule in words: each says what to type instead. */
interface Rule {
  /** A number below the least. */
  low?: (min: number) => Said;
  /** A number above the most. */
  high?: (max: number) => Said;
  /** Not a whole number, or no number at all. */
  whole?: Said;
  /** Text of the wrong form (the schema's refine). */
  form?: Said;
}

const WHOLE_SECONDS = said('settings.rule.wholeSeconds');

/** By setting (the schema imports this module: its keys are named here as text). */
const RULES: Readonly<Record<string, Rule>> = {
  liveRefreshSeconds: {
    low: (min) => said('settings.rule.refreshLow', { min }),
    high: (max) => said('settings.rule.refreshHigh', { max }),
    whole: WHOLE_SECONDS,
  },
  downloadConcurrency: {
    low: (min) => said('settings.rule.concurrencyLow', { min }),
    high: (max) => said('settings.rule.concurrencyHigh', { max }),
    whole: said('settings.rule.wholeDownloads'),
  },
  speedLimitKBps: {
    low: () => said('settings.rule.speedLow'),
    high: (max) => said('settings.rule.speedHigh', { max }),
    whole: said('settings.rule.wholeSpeed'),
  },
  downloadReserveMB: {
    low: (min) => said('settings.rule.reserveLow', { min }),
    high: (max) => said('settings.rule.reserveHigh', { max }),
    whole: said('settings.rule.wholeReserve'),
  },
  downloadStallSeconds: {
    low: (min) => said('settings.rule.stallLow', { min }),
    high: (max) => said('settings.rule.stallHigh', { max }),
    whole: WHOLE_SECONDS,
  },
  cacheSizeMB: {
    low: (min) => said('settings.rule.cacheLow', { min }),
    high: (max) => said('settings.rule.cacheHigh', { max }),
    whole: said('settings.rule.wholeMB'),
  },
  answerDeadlineSeconds: {
    low: (min) => said('settings.rule.deadlineLow', { min }),
    high: (max) => said('settings.rule.deadlineHigh', { max }),
    whole: WHOLE_SECONDS,
  },
  // The tile template's placeholders are typed as they are in any language.
  tileUrl: { form: said('settings.rule.tileUrl', { z: '{z}', x: '{x}', y: '{y}' }) },
  downloadFolder: { form: said('settings.rule.folder') },
  proxyUrl: { form: said('settings.rule.proxy') },
  updateFeedUrl: { form: said('settings.rule.feed') },
  routingUrl: { form: said('settings.rule.routing') },
};

type FormField = 'tileUrl' | 'downloadFolder' | 'proxyUrl' | 'updateFeedUrl' | 'routingUrl';

/**
 * The English of a form's rule: the schema's refine message, worded when an issue is raised
 * (the schema is built as its module loads, and the first wording compiles the message format:
 * a command that never refuses a setting need not pay for it at start).
 */
export function formRule(field: FormField): string {
  return english.say(RULES[field]!.form!);
}

/** One issue of a settings patch, said in its setting's words (plain ones for the rest). */
export function settingIssueSaid(issue: z.core.$ZodIssue): Said {
  const rule: Rule = RULES[String(issue.path[0] ?? '')] ?? {};
  const form = rule.form ?? said('common.field.form');
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin !== 'number') return said('common.field.empty');
      return rule.low?.(min) ?? said('common.field.low', { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin !== 'number') return said('common.field.tooLong', { max });
      return rule.high?.(max) ?? said('common.field.high', { max });
    }
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int'
        ? (rule.whole ?? said('common.field.whole'))
        : form;
    case 'invalid_value':
      return said('settings.rule.oneOf', { values: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return said('settings.rule.unknown');
    default:
      return form;
  }
}

/** A refused settings patch, said by its first issue: "Not changed: {field}: {issue}" */
export function settingsRefusal(error: z.ZodError): Said {
  const issue = error.issues[0]!;
  const field = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.');
  return said('settings.rule.notChanged', { field, issue: saidWithin(settingIssueSaid(issue)) });
}
