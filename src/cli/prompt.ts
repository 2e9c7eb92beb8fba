/**
 * Reading the client secret: a prompt that does not echo on a terminal, or the whole of stdin
 * when piped (`pass show roadcam | roadcam login ...`). Never from a flag: flags end up in
 * shell history and process listings.
 */
import { said, type Translator } from '../shared/i18n/translator.ts';
import { SaidFailure } from './args.ts';

export async function readSecret(
  words: Translator,
  stdin: NodeJS.ReadStream = process.stdin,
  stderr: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  if (!stdin.isTTY) return (await readAll(stdin)).replace(/\r?\n$/, '');
  stderr.write(words.t('cli.prompt.secret'));
  return new Promise((resolve, reject) => {
    let secret = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stderr.write('\n');
      if (error) reject(error);
      else resolve(secret);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(new SaidFailure(said('cli.prompt.cancelled')));
        if (ch === '\u007f' || ch === '\b') secret = secret.slice(0, -1);
        else if (ch >= ' ') secret += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
