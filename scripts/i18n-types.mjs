// Writes the catalogue's types from the English catalogue (scripts/i18n-types.ts says why).
// Usage: node scripts/i18n-types.mjs (the build runs it).
import { writeFileSync } from 'node:fs';
import { messageParamsSource, PARAMS_FILE, readCatalogue } from './i18n-types.ts';

writeFileSync(PARAMS_FILE, messageParamsSource(readCatalogue('.', 'en')));
console.log(`${PARAMS_FILE} written.`);
