/**
 * Writing what the service sends to a file: streamed (never whole in memory), through
 * output-file.ts (a temporary name created exclusively, renamed at the end), so that a failed
 * transfer never leaves a file that looks complete, a symbolic link planted at the name is not
 * followed, and a file already there is replaced only with --force.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { MediaResponse } from '../engine/api/index.ts';
import { checkTarget, writeOutputFile, type OutputOptions } from '../engine/output-file.ts';
import type { Argv } from './argv.ts';

/** What --force says about a file already at --out. */
export function outputChoice(argv: Argv): OutputOptions {
  return {
    replace: argv.switches.has('force'),
    existsHint: 'pass --force to replace it, or choose another name',
  };
}

/** --out's choice, checked before the service is asked: a refusal costs no request. */
export async function checkOut(argv: Argv, out: string): Promise<OutputOptions> {
  const choice = outputChoice(argv);
  await checkTarget(resolve(out), choice);
  return choice;
}

export async function saveMedia(
  media: MediaResponse,
  file: string,
  options: OutputOptions,
): Promise<string> {
  const path = resolve(file);
  await mkdir(dirname(path), { recursive: true });
  await writeOutputFile(path, media.nodeStream(), options);
  return path;
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

/** The file extension of an image's content type (jpeg unless the service says png). */
export function imageExtension(contentType: string | null): string {
  return contentType?.toLowerCase().includes('png') ? '.png' : '.jpg';
}
