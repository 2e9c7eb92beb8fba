/**
 * Writing a file the user named: media and tiles are streamed there by the engine
 * (`cli.media.save`, `cli.tile.save`); what the command holds (a snapshot) goes through
 * output-file.ts here (a temporary name created exclusively, renamed at the end), so that a failed
 * transfer never leaves a file that looks complete, a symbolic link planted at the name is not
 * followed, and a file already there is replaced only with --force.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { checkTarget, writeOutputFile, type OutputOptions } from '../engine/index.ts';
import type { Argv } from './argv.ts';

/** What --force says about a file already at --out. */
export function outputChoice(argv: Argv): OutputOptions {
  return {
    replace: argv.switches.has('force'),
    existsHint: 'force',
  };
}

/** --out's choice, checked before the service is asked: a refusal costs no request. */
export async function checkOut(argv: Argv, out: string): Promise<OutputOptions> {
  const choice = outputChoice(argv);
  await checkTarget(resolve(out), choice);
  return choice;
}

export async function saveBytes(
  bytes: Uint8Array | string,
  file: string,
  options: OutputOptions,
): Promise<string> {
  const path = resolve(file);
  await mkdir(dirname(path), { recursive: true });
  await writeOutputFile(path, bytes, options);
  return path;
}
