// Lists every exported name declared in two or more files of the client or of the service.
// Usage: node scripts/exported-names.mjs. The rule is kept by
// tests/unit/architecture/exported-names.test.ts, whose short allow-list says which names may
// repeat and why (each numbered migration file's `migration` or `sql`).
import { sharedNames } from './exported-names.ts';

const twice = sharedNames('src');
for (const { program, name, files } of twice) {
  console.log(`${program} ${name} (${files.length} files): ${files.join(', ')}`);
}
console.log(`${twice.length} name(s) declared in more than one file of a program.`);
