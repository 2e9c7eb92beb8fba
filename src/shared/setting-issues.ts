/**
 * What is wrong with a setting the contract refuses (src/shared/settings.ts), as a catalogue
 * code: the engine sends it with the refusal, and each front end says it in its user's language
 * ("Not changed: downloadConcurrency: at most 16."). The English of each form's rule is the
 * schema's own message, so the two cannot drift apart.
 */
import type { z } from 'zod';
import { english } from './i18n/english.ts';
import { said, saidWithin, type MessageKey, type Said } from './i18n/translator.ts';

/** The settings whose text has a form of its own, and the words for that form. */
const FORMS = {
  tileUrl: 'settings.issue.tileUrl',
  downloadFolder: 'settings.issue.folder',
  proxyUrl: 'settings.issue.proxy',
  updateFeedUrl: 'settings.issue.feed',
  routingUrl: 'settings.issue.routing',
} as const satisfies Record<string, MessageKey>;

type FormField = keyof typeof FORMS;

/** The form's rule, said; the tile template's placeholders are typed as they are in any language. */
function formSaid(field: FormField): Said {
  return field === 'tileUrl'
    ? said(FORMS.tileUrl, { z: '{z}', x: '{x}', y: '{y}' })
    : said(FORMS[field]);
}

/** The English of a form's rule: the schema's refine message. */
export function formRule(field: FormField): string {
  return english.say(formSaid(field));
}

/** One issue of a settings patch, said. */
export function settingIssueSaid(issue: z.core.$ZodIssue): Said {
  const field = String(issue.path[0] ?? '');
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'number'
        ? said('settings.issue.low', { min: Number(issue.minimum) })
        : said('settings.issue.form');
    case 'too_big':
      return issue.origin === 'number'
        ? said('settings.issue.high', { max: Number(issue.maximum) })
        : said('settings.issue.tooLong', { max: Number(issue.maximum) });
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int'
        ? said('settings.issue.whole')
        : said('settings.issue.form');
    case 'invalid_value':
      return said('settings.issue.oneOf', { values: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return said('settings.issue.unknown');
    default:
      return field in FORMS ? formSaid(field as FormField) : said('settings.issue.form');
  }
}

/** A refused settings patch, said by its first issue: "Not changed: {field}: {issue}." */
export function settingsRefusal(error: z.ZodError): Said {
  const issue = error.issues[0]!;
  const field = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.');
  return said('settings.refused', { field, issue: saidWithin(settingIssueSaid(issue)) });
}
