/**
 * Exported names declared in more than one file of one program, for the rule "one name, one
 * meaning" (tests/unit/architecture/exported-names.test.ts keeps it; `node
 * scripts/exported-names.mjs` prints the names). Two things that share a name get imported in
 * place of each other: a time in seconds read as milliseconds, [lat, lon] read as [lon, lat].
 *
 * The tree holds two programs: the service (src/service) and the client (the rest of src). The
 * code both import (src/shared, and the migration runner src/sqlite) belongs to both. A name may
 * mean one thing in each program's own code: the client starts the service (the demo) but does
 * not import its files by name.
 *
 * A declaration is `export` on a function, class, variable, interface, type, enum or namespace,
 * or `export { x }` of something the file itself declares, in TypeScript files and in the
 * `<script module>` block of Svelte components. A re-export (`export { x } from`, or `export {
 * x }` of an import) names the same thing again and is not a second declaration; a default
 * export has no name of its own (each importer gives it one).
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './import-graph.ts';

const MODULE_SCRIPT = /<script\b[^>]*\bmodule\b[^>]*>([\s\S]*?)<\/script>/g;

export type Program = 'client' | 'service';

/** The programs a file belongs to, by its path relative to the repository. */
export function programOf(path: string): Program[] {
  const unix = path.replaceAll('\\', '/');
  if (/^src\/(shared|sqlite)\//.test(unix)) return ['client', 'service'];
  return /^src\/service\//.test(unix) ? ['service'] : ['client'];
}

/** The names one file declares and exports. */
export function declaredExports(path: string, text: string): string[] {
  const code = path.endsWith('.svelte')
    ? [...text.matchAll(MODULE_SCRIPT)].map((m) => m[1]).join('\n')
    : text;
  const file = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const local = new Set<string>();
  const exported: string[] = [];
  const localExports: ts.ExportSpecifier[] = [];
  for (const statement of file.statements) {
    const names = declaredNames(statement);
    for (const name of names) local.add(name);
    if (isExported(statement) && !hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) {
      exported.push(...names);
    }
    if (
      ts.isExportDeclaration(statement) &&
      !statement.moduleSpecifier &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      localExports.push(...statement.exportClause.elements);
    }
  }
  for (const specifier of localExports) {
    const own = (specifier.propertyName ?? specifier.name).getText(file);
    if (local.has(own)) exported.push(specifier.name.getText(file));
  }
  return [...new Set(exported)].sort();
}

const isExported = (statement: ts.Statement): boolean =>
  hasModifier(statement, ts.SyntaxKind.ExportKeyword);

function hasModifier(statement: ts.Statement, kind: ts.SyntaxKind): boolean {
  return (
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some((m) => m.kind === kind)
  );
}

/** The names a top-level statement declares (imports aside: they declare nothing new). */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) => bindingNames(d.name));
  }
  if (
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isModuleDeclaration(statement)
  ) {
    return statement.name && ts.isIdentifier(statement.name) ? [statement.name.text] : [];
  }
  return [];
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) =>
    ts.isOmittedExpression(element) ? [] : bindingNames(element.name),
  );
}

export interface SharedName {
  program: Program;
  name: string;
  /** Relative to the base, sorted. */
  files: string[];
}

/** Every exported name declared in two or more files of one program, under `root`. */
export function sharedNames(root: string, base = '.'): SharedName[] {
  const where = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const path = relative(base, file).replaceAll('\\', '/');
    for (const name of declaredExports(path, readFileSync(file, 'utf8'))) {
      for (const program of programOf(path)) {
        const key = `${program} ${name}`;
        where.set(key, [...(where.get(key) ?? []), path]);
      }
    }
  }
  return [...where]
    .filter(([, files]) => files.length > 1)
    .map(([key, files]) => {
      const [program, name] = key.split(' ') as [Program, string];
      return { program, name, files: files.sort() };
    })
    .sort((a, b) => a.program.localeCompare(b.program) || a.name.localeCompare(b.name));
}
