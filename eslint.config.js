import js from '@eslint/js';
import globals from 'globals';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';
import layers from './scripts/eslint-layers.js';

const nodeOnly = [
  'src/engine/**',
  'src/desktop/**',
  'src/web/**',
  'src/service/**',
  'src/sqlite/**',
  'src/cli/**',
  'src/preload/**',
];

/**
 * What the renderer may not import of packages: Node, Electron, and each imperative library
 * outside its one wrapper (the other layers of src/ are the `layers` rule's). `allowed` names the library the calling block's files wrap.
 */
function rendererImports(allowed) {
  const wrapped = [
    {
      regex: '^leaflet(/|$)',
      library: 'leaflet',
      message: 'Leaflet is imported only in src/renderer/map/leaflet/: ask its MapControl instead.',
    },
    {
      regex: '^hls\\.js(/|$)',
      library: 'hls.js',
      message: "hls.js is imported only in the wall's player (src/renderer/wall/HlsPlayer.svelte).",
    },
  ];
  return [
    { regex: '^node:', message: 'The renderer is a web page: no Node built-ins.' },
    {
      regex: '^electron$',
      message: 'The renderer talks to the main process only through window.api.',
    },
    ...wrapped
      .filter((w) => w.library !== allowed)
      .map(({ regex, message }) => ({ regex, message })),
  ];
}

/** What plain-Node code (the engine, browser mode, the CLI, the service) may not import. */
const nodeImports = [
  {
    // electron-updater imports electron: it belongs to the desktop shell as much.
    regex: '^electron(-updater)?$',
    message:
      'Only the desktop shell (src/desktop/) and the preload import electron and electron-updater.',
  },
];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'out/', 'dist/', 'test-results/', '.roadcam-data/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, svelteConfig },
      globals: globals.browser,
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
  { files: [...nodeOnly, 'tests/**', 'scripts/**'], languageOptions: { globals: globals.node } },
  { files: ['src/renderer/**'], languageOptions: { globals: globals.browser } },
  // House style: a source file stays small enough to read whole; a longer one is two pieces.
  { files: ['src/**'], rules: { 'max-lines': ['error', { max: 350 }] } },
  // Layers: each folder of src/ imports only the folders below it (scripts/eslint-layers.js),
  // and only packages that can run where it runs.
  { files: ['src/**'], plugins: { layers }, rules: { 'layers/layers': 'error' } },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'src/shared is pure: no Node built-ins.' },
            {
              regex: '^(electron|better-sqlite3|keytar|ws|sharp)$',
              message: 'src/shared is pure.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: rendererImports() }] },
  },
  // Each imperative library (Leaflet, hls.js) is imported in one place, which wraps it for the
  // rest of the renderer. Flat config replaces a rule's options for the files a later block
  // matches, so these blocks repeat the renderer's rules.
  {
    files: ['src/renderer/map/leaflet/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: rendererImports('leaflet') }] },
  },
  {
    files: ['src/renderer/wall/HlsPlayer.svelte'],
    rules: { 'no-restricted-imports': ['error', { patterns: rendererImports('hls.js') }] },
  },
  {
    files: ['src/engine/**', 'src/web/**', 'src/cli/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: nodeImports }] },
  },
  {
    files: ['src/service/**', 'src/sqlite/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: nodeImports }] },
  },
);
