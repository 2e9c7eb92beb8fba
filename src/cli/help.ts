/**
 * `roadcam --help` in the user's language: each command's and option's syntax stays as typed
 * (names, flags, placeholders), its description comes from the catalogue, wrapped to the
 * terminal's usual 80 columns so that a longer language still reads as a column.
 */
import type { MessageKey, Translator } from '../shared/i18n/translator.ts';

/** One command or option: its syntax as typed, and the catalogue's key for what it does. */
export type HelpLine = readonly [syntax: string, description: MessageKey];

const COMMANDS: readonly HelpLine[] = [
  ['login --base-url URL --client-id ID [--profile NAME]', 'cli.help.login'],
  ['logout [--profile NAME]', 'cli.help.logout'],
  ['profiles', 'cli.help.profiles'],
  ['session', 'cli.help.session'],
  ['doctor', 'cli.help.doctor'],
  ['diagnostics --out FILE [--include-crash-dumps]', 'cli.help.diagnostics'],
  ['cameras|observations|recordings|alerts search [--param value ...] [--all]', 'cli.help.search'],
  ['cameras|observations|recordings|alerts show ID', 'cli.help.show'],
  ['cameras live ID --out FILE', 'cli.help.live'],
  ['cameras images ID [--time ISO] [--limit N] [--save DIR]', 'cli.help.images'],
  ['cameras tile Z/X/Y --out FILE', 'cli.help.cameraTile'],
  ['observations tile Z/X/Y --out FILE [--sort_dir asc|desc]', 'cli.help.observationTile'],
  ['observations preview ID --out FILE', 'cli.help.preview'],
  ['observations|alerts snapshot TIME [--out FILE]', 'cli.help.snapshot'],
  [
    'recordings create --camera_id ID[,ID...] [--duration S] [--start ISO] [--tags a,b]\n' +
      '                   [--download DIR [--format zip,mp4]]',
    'cli.help.recordingsCreate',
  ],
  ['recordings tags ID --tags a,b', 'cli.help.recordingsTags'],
  ['collections list [--q TEXT ...]', 'cli.help.collectionsList'],
  ['collections show ID', 'cli.help.collectionsShow'],
  ['collections create --name N [--description D] [--tags a,b]', 'cli.help.collectionsCreate'],
  ['collections update ID [--name N] [--description D] [--tags a,b]', 'cli.help.collectionsUpdate'],
  [
    'collections add ID --camera_id ID [--time ISO] | --observation_id ID\n' +
      '                | --recording_id ID [--image NAME] | --collection_id ID --image NAME',
    'cli.help.collectionsAdd',
  ],
  ['collections remove ID IMAGE', 'cli.help.collectionsRemove'],
  ['collections empty ID', 'cli.help.collectionsEmpty'],
  ['collections destroy ID', 'cli.help.collectionsDestroy'],
  ['collections keep-offline ID [--off]', 'cli.help.keepOffline'],
  ['collections export ID [--as folder|zip] [--out DIR]', 'cli.help.export'],
  ['route list', 'cli.help.routeList'],
  ['route show NAME', 'cli.help.routeShow'],
  [
    'route save NAME --polyline ENC | --from PLACE --to PLACE [--via PLACE] [--buffer 2km]',
    'cli.help.routeSave',
  ],
  ['route remove NAME', 'cli.help.routeRemove'],
  [
    'conditions watch NAME --bbox W,S,E,N | --polygon "LON LAT,..." | --polyline ENC\n' +
      '                 [--polyline_radius KM] | --camera_id A,B\n' +
      '                 [--on snow,ponding,poor-visibility,heavy-precip]',
    'cli.help.conditionsWatch',
  ],
  ['conditions list', 'cli.help.conditionsList'],
  ['conditions remove NAME', 'cli.help.conditionsRemove'],
  ['conditions changes NAME [--hours 48]', 'cli.help.conditionsChanges'],
  [
    'dataset export --out DIR --label road_weather|visibility|precip [--per-class N]\n' +
      '        [--split 0.8,0.1,0.1] [--seed N] [--layout folders|flat] [--include-no-report]\n' +
      '        [--bbox, --polygon, --polyline, --time_min, --q, --sensors[TYPE]=V ...]',
    'cli.help.dataset',
  ],
  [
    'download --out DIR [--format zip,mp4] [--template T] [--concurrency N]\n' +
      '         [--existing skip|rename|overwrite] [--failed-out FILE]\n' +
      "         <ID ... | --ids-from FILE|- | --query 'state=CO&status=complete'>",
    'cli.help.download',
  ],
  ['engine start', 'cli.help.engineStart'],
  ['engine status', 'cli.help.engineStatus'],
  ['engine stop', 'cli.help.engineStop'],
  ['settings get [NAME]', 'cli.help.settingsGet'],
  ['settings set NAME VALUE', 'cli.help.settingsSet'],
  ['completion bash|zsh|fish', 'cli.help.completion'],
];

const OPTIONS: readonly HelpLine[] = [
  ['--help, --version', 'cli.help.helpVersion'],
  ['--json', 'cli.help.json'],
  ['--demo', 'cli.help.demo'],
  ['--profile NAME', 'cli.help.profile'],
  ['--base-url URL --client-id ID', 'cli.help.service'],
  ['--proxy URL', 'cli.help.proxy'],
  ['--no-proxy', 'cli.help.noProxy'],
  ['--ca-file FILE', 'cli.help.caFile'],
  ['--answer-deadline S', 'cli.help.answerDeadline'],
];

const WIDTH = 80;
const SYNTAX_INDENT = '  ';
const DESCRIPTION_INDENT = '      ';

/** Words to lines of at most `width` characters (a longer word stays whole on its own line). */
export function wrapWords(text: string, indent: string, width = WIDTH): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}

/** Each line's syntax, then its description wrapped under it (also `npm run web --help`'s). */
export function helpSection(words: Translator, lines: readonly HelpLine[]): string[] {
  return lines.flatMap(([syntax, key]) => [
    ...syntax.split('\n').map((s) => SYNTAX_INDENT + s),
    ...wrapWords(words.t(key), DESCRIPTION_INDENT),
  ]);
}

/** The whole of `roadcam --help`. */
export function helpText(words: Translator): string {
  return [
    `${words.t('cli.help.usage')} roadcam <command> [options]`,
    '',
    words.t('cli.help.commands'),
    ...helpSection(words, COMMANDS),
    '',
    words.t('cli.help.options'),
    ...helpSection(words, OPTIONS),
    '',
    ...wrapWords(words.t('cli.help.force'), ''),
    '',
    ...wrapWords(words.t('cli.help.dataFolder'), ''),
    ...wrapWords(words.t('cli.help.exitCodes'), ''),
    '',
  ].join('\n');
}
