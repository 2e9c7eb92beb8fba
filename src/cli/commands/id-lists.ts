/**
 * Lists of recording ids for `roadcam download`: read from a file or stdin (`--ids-from`), and
 * the files that failed written out (`--failed-out`) in a form `--ids-from` reads back.
 */
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { checkTarget, writeOutputFile } from '../../engine/index.ts';
import { csvText } from '../../shared/csv.ts';
import { UsageError } from '../argv.ts';
import { said } from '../../shared/i18n/translator.ts';

/** More than any real list: 1,000,000 ids of 20 characters are about 21 MB. */
const MAX_LIST_BYTES = 64 * 1024 * 1024;
const MAX_IDS = 1_000_000;

/**
 * The ids of a list: the first field of each line (separated by white space, commas or
 * semicolons), blank lines, `#` comments and a header (`recording_id`, `id`) skipped, so that a
 * plain list, a CSV of `--failed-out` and a column pasted from a spreadsheet all read.
 */
export function idsOfList(text: string): string[] {
  const ids: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const first = line.trim().split(/[\s,;]+/)[0] ?? '';
    const id = first.replace(/^"(.*)"$/, '$1');
    if (id === '' || id.startsWith('#') || /^(recording_id|id)$/i.test(id)) continue;
    ids.push(id);
    if (ids.length > MAX_IDS) {
      throw new UsageError(said('cli.ids.tooMany', { max: MAX_IDS }));
    }
  }
  return ids;
}

/** Reads `--ids-from PATH` (`-`: stdin), at most 64 MB. */
export async function readIdList(path: string, stdin: NodeJS.ReadableStream): Promise<string[]> {
  const chunks: Buffer[] = [];
  let size = 0;
  const add = (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_LIST_BYTES) {
      throw new UsageError(said('cli.ids.tooLarge', { path }));
    }
    chunks.push(chunk);
  };
  if (path === '-') {
    for await (const chunk of stdin) add(Buffer.from(chunk as Buffer));
  } else {
    const file = await open(path).catch((error: NodeJS.ErrnoException) => {
      const reason = error.code ?? error.message;
      throw new UsageError(said('cli.ids.unreadable', { path, reason }));
    });
    try {
      for await (const chunk of file.createReadStream()) add(chunk as Buffer);
    } finally {
      await file.close();
    }
  }
  return idsOfList(Buffer.concat(chunks).toString('utf8'));
}

export interface FailedFile {
  recordingId: string | null;
  format: string | null;
  name: string;
  message: string | null;
}

/**
 * `--failed-out`: a list of the run, replaced at each run, but never written through a link
 * (output-file.ts). Checked before the downloads start, so a refusal costs no transfer.
 */
const FAILED_LIST = { replace: true } as const;

export function checkFailedList(path: string): Promise<void> {
  return checkTarget(resolve(path), FAILED_LIST);
}

/** Writes the failed files as CSV (recording_id, format, file, reason); `--ids-from` reads it. */
export async function writeFailedList(path: string, failed: readonly FailedFile[]): Promise<void> {
  const rows = failed.map((f) => ({
    recording_id: f.recordingId,
    format: f.format,
    file: f.name,
    reason: f.message,
  }));
  const csv = csvText(['recording_id', 'format', 'file', 'reason'] as const, rows);
  await writeOutputFile(resolve(path), csv, FAILED_LIST);
}
