/**
 * The program's layers, as ESLint checks them: which folder of src/ may import which. A file's
 * area is the first entry whose `area` its path starts with (the most specific first); each of
 * its relative imports must resolve inside one of the area's `may`. Packages and Node's
 * built-ins are another rule's (no-restricted-imports in eslint.config.js). docs/development.md
 * draws this table.
 */
import { dirname, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const ENGINE_FACE = 'src/engine/index.ts';
/** What a front end needs before it loads the engine (its version, its data folder). */
const ENGINE_LIGHT_FACE = 'src/engine/light.ts';

/** @type {{ area: string, may: string[], why: string }[]} */
export const LAYERS = [
  {
    area: 'src/engine/net/',
    may: ['src/engine/net/', 'src/engine/log.ts', 'src/shared/'],
    why: 'The network is the engine’s lowest layer (with the log, which every layer writes to): it knows requests, not the interface (the connection check, above it, is src/engine/connection/).',
  },
  {
    area: 'src/engine/api/',
    may: ['src/engine/api/', 'src/engine/net/', 'src/engine/log.ts', 'src/shared/'],
    why: 'The API client sits on the network (and writes to the log): diagnostics and the connection check sit above both.',
  },
  {
    area: 'src/engine/',
    may: ['src/engine/', 'src/shared/', 'src/service/', 'src/sqlite/', 'package.json'],
    why: 'The engine serves every front end and imports none of them (demo mode runs src/service).',
  },
  {
    area: 'src/desktop/',
    may: ['src/desktop/', ENGINE_FACE, ENGINE_LIGHT_FACE, 'src/shared/'],
    why: 'A front end uses the engine through its public face, src/engine/index.ts.',
  },
  {
    area: 'src/web/',
    may: ['src/web/', ENGINE_FACE, ENGINE_LIGHT_FACE, 'src/shared/'],
    why: 'A front end uses the engine through its public face, src/engine/index.ts.',
  },
  {
    area: 'src/cli/',
    may: ['src/cli/', ENGINE_FACE, ENGINE_LIGHT_FACE, 'src/web/host.ts', 'src/shared/'],
    why: 'A front end uses the engine through its public face, src/engine/index.ts (and browser mode’s launcher starts its host, src/web/host.ts).',
  },
  {
    area: 'src/preload/',
    may: ['src/preload/', 'src/shared/'],
    why: 'The preload hands the page the contract (src/shared) and nothing else.',
  },
  {
    area: 'src/renderer/',
    may: ['src/renderer/', 'src/shared/'],
    why: 'The renderer is a web page: it reaches the engine only through window.api.',
  },
  {
    area: 'src/shared/',
    may: ['src/shared/'],
    why: 'src/shared is pure: every process imports it, it imports no other layer.',
  },
  {
    area: 'src/service/',
    may: ['src/service/', 'src/shared/', 'src/sqlite/'],
    why: 'The service is the provider’s stand-in: it must not lean on the client it is tested with.',
  },
  {
    area: 'src/sqlite/',
    may: ['src/sqlite/', 'src/shared/'],
    why: 'The migration runner is shared by the engine and the service and imports neither.',
  },
];

/** The entry that governs a file (a repository-relative path), or undefined outside src/. */
export function layerOf(file) {
  return LAYERS.find((layer) => file.startsWith(layer.area));
}

/** Why `file` may not import `target` (both repository-relative), or null when it may. */
export function refusal(file, target) {
  const layer = layerOf(file);
  if (!layer) return null;
  if ((target === ENGINE_FACE || target === ENGINE_LIGHT_FACE) && file.startsWith('src/engine/')) {
    return 'The engine’s public face is for the front ends: inside the engine, import the module itself.';
  }
  const allowed = layer.may.some((may) =>
    may.endsWith('/') ? target.startsWith(may) : target === may,
  );
  return allowed ? null : `${layer.area} may import ${layer.may.join(', ')}: ${layer.why}`;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Each folder of src/ imports only the layers below it (LAYERS).' },
    schema: [],
  },
  create(context) {
    const file = relative(root, context.filename).split('\\').join('/');
    if (!layerOf(file)) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = relative(root, resolve(dirname(context.filename), spec.split('?')[0]))
        .split('\\')
        .join('/');
      const why = refusal(file, target);
      if (why) context.report({ node: node.source, message: `Imports ${target}. ${why}` });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { layers: rule } };
