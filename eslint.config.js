import js from '@eslint/js';
import globals from 'globals';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

const nodeOnly = ['src/main/**', 'src/service/**', 'src/sqlite/**', 'src/cli/**', 'src/preload/**'];

/**
 * What the renderer may not import: Node, Electron, the other layers, and each imperative
 * library outside its one wrapper. `allowed` names the library the calling block's files wrap.
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
    {
      regex: '/(main|service|preload|cli)/',
      message: 'The renderer imports only src/shared and itself.',
    },
    ...wrapped
      .filter((w) => w.library !== allowed)
      .map(({ regex, message }) => ({ regex, message })),
  ];
}

/** What plain-Node code (the core, the CLI, the service) may not import. */
const nodeImports = [
  {
    // electron-updater imports electron: it belongs to the Electron entry as much.
    regex: '^electron(-updater)?$',
    message:
      'Only the Electron entry (src/desktop/index.ts, src/desktop/electron/) imports electron and electron-updater.',
  },
  { regex: '/renderer/', message: 'The main process never imports the renderer.' },
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
  // Layer boundaries (house style 1): each layer imports only what may run where it runs.
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
            {
              regex: '/(main|renderer|service|preload|cli)/',
              message: 'src/shared imports no other layer.',
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
  // Each imperative library lives in one place (house style 9). Flat config replaces a rule's
  // options for the files a later block matches, so these blocks repeat the renderer's rules.
  {
    files: ['src/renderer/map/leaflet/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: rendererImports('leaflet') }] },
  },
  {
    files: ['src/renderer/wall/HlsPlayer.svelte'],
    rules: { 'no-restricted-imports': ['error', { patterns: rendererImports('hls.js') }] },
  },
  {
    files: ['src/main/**', 'src/cli/**'],
    ignores: ['src/desktop/index.ts', 'src/desktop/electron/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: nodeImports }] },
  },
  // The service is the provider's stand-in: it must not lean on the client it is tested with.
  {
    files: ['src/service/**', 'src/sqlite/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...nodeImports,
            {
              regex: '/(main|cli|preload)/',
              message: 'The service and src/sqlite import only src/shared, src/sqlite and Node.',
            },
          ],
        },
      ],
    },
  },
);
