/**
 * Each setting's rule in words, for its field (lib/field-rules.ts): the shared wording of the
 * contract's issues (src/shared/setting-issues.ts), so a field says a refusal as the command
 * line does. Said when shown, in the language in force then.
 */
import { settingIssueSaid } from '../../shared/setting-issues.ts';
import { settingsSchema, type Settings } from '../../shared/settings.ts';
import type { FieldWords } from '../lib/field-rules.ts';
import { words } from '../lib/words.svelte.ts';

/** A field's schema checks its value alone: the issue is named by the field here. */
function wordsOf(field: keyof Settings): FieldWords {
  return (issue) => words.say(settingIssueSaid({ ...issue, path: [field, ...issue.path] }));
}

const fields = Object.keys(settingsSchema.shape) as (keyof Settings)[];

export const settingWords = Object.fromEntries(fields.map((f) => [f, wordsOf(f)])) as Record<
  keyof Settings,
  FieldWords
>;
