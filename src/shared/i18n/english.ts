/**
 * English, always at hand: the core words its messages for logs in it (beside the code and
 * parameters a front end says in its user's language), and it is the source of every key.
 */
import messages from './messages/en.json' with { type: 'json' };
import { Translator } from './translator.ts';

export const english = new Translator('en', messages);
