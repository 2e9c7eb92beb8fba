/**
 * Writing what the service sends to a file: streamed (never whole in memory), into a `.part`
 * file renamed at the end, so that a failed transfer never leaves a file that looks complete.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaResponse } from '../main/api/index.ts';

export async function saveMedia(media: MediaResponse, file: string): Promise<string> {
  const path = resolve(file);
  await mkdir(dirname(path), { recursive: true });
  const part = `${path}.part`;
  try {
    await pipeline(media.nodeStream(), createWriteStream(part));
    await rename(part, path);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
  return path;
}

export async function saveBytes(bytes: Uint8Array | string, file: string): Promise<string> {
  const path = resolve(file);
  await mkdir(dirname(path), { recursive: true });
  const part = `${path}.part`;
  await writeFile(part, bytes);
  await rename(part, path);
  return path;
}

/** The file extension of an image's content type (jpeg unless the service says png). */
export function imageExtension(contentType: string | null): string {
  return contentType?.toLowerCase().includes('png') ? '.png' : '.jpg';
}
