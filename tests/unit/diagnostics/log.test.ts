import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createLog, flushLog } from '../../../src/engine/log.ts';
import { tempDir } from '../../helpers/core.ts';

let dirs: { remove(): void }[] = [];
afterEach(() => {
  for (const dir of dirs) dir.remove();
  dirs = [];
});

function dataDir(): string {
  const dir = tempDir('roadcam-log-');
  dirs.push(dir);
  return dir.path;
}

const read = (dir: string, name = 'main.log') => readFileSync(join(dir, 'logs', name), 'utf8');

describe('the main log', () => {
  test('writes in the background, in order, with the level of each line', async () => {
    const dir = dataDir();
    const log = createLog(dir);
    log('first');
    log.warn('second');
    log('third', 'error');
    log.debug('not written without ROADCAM_DEBUG');
    // Nothing waited for the disk: the caller went on at once.
    expect(existsSync(join(dir, 'logs', 'main.log')) ? read(dir) : '').toBe('');
    await log.flush();
    const lines = read(dir).trim().split('\n');
    expect(lines.map((l) => l.replace(/^\S+ /, ''))).toEqual([
      'first',
      'WARN second',
      'ERROR third',
    ]);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z first$/);
  });

  test('a burst of 100,000 lines neither blocks nor grows memory: past the bound they are counted', async () => {
    const dir = dataDir();
    const log = createLog(dir, { pendingBytes: 64 * 1024 });
    for (let i = 0; i < 100_000; i++) log(`line ${i} of a renderer in a loop`);
    expect(existsSync(join(dir, 'logs', 'main.log')) ? read(dir) : '').toBe('');
    await log.flush();
    const lines = read(dir).trim().split('\n');
    const dropped = /WARN (\d+) log lines were dropped/.exec(lines.at(-1)!);
    expect(dropped).not.toBeNull();
    // Every line is either written, in order, or counted as dropped.
    expect(lines.length - 1 + Number(dropped![1])).toBe(100_000);
    expect(lines[0]).toMatch(/ line 0 of/);
    expect(statSync(join(dir, 'logs', 'main.log')).size).toBeLessThan(80 * 1024);
  });

  test('rotates by size: main.log, main.1.log, main.2.log, and the oldest goes', async () => {
    const dir = dataDir();
    const log = createLog(dir, { fileBytes: 1000, oldFiles: 2 });
    for (let i = 0; i < 60; i++) {
      log(`line ${String(i).padStart(2, '0')} ${'x'.repeat(60)}`);
      await log.flush();
    }
    expect(existsSync(join(dir, 'logs', 'main.3.log'))).toBe(false);
    for (const name of ['main.log', 'main.1.log', 'main.2.log']) {
      expect(statSync(join(dir, 'logs', name)).size).toBeLessThanOrEqual(1000);
    }
    expect(read(dir)).toMatch(/line 59 /);
    expect(read(dir, 'main.2.log')).not.toMatch(/line 00 /);
    const numbers = ['main.2.log', 'main.1.log', 'main.log']
      .flatMap((name) => [...read(dir, name).matchAll(/line (\d+) /g)])
      .map((m) => Number(m[1]));
    // The files hold the newest lines, without a gap and in order.
    expect(numbers).toEqual(numbers.map((_, i) => 60 - numbers.length + i));
  });

  test('close waits for the last lines; a line after it is still written', async () => {
    const dir = dataDir();
    const log = createLog(dir);
    for (let i = 0; i < 1000; i++) log(`line ${i}`);
    await log.close();
    expect(read(dir).trim().split('\n')).toHaveLength(1000);
    log('core stopped');
    expect(read(dir)).toMatch(/core stopped\n$/);
  });

  test('flushLog waits for a file log and accepts any other Log', async () => {
    const dir = dataDir();
    const log = createLog(dir);
    log('pending');
    await flushLog(log);
    expect(read(dir)).toMatch(/pending/);
    await flushLog(() => {});
  });
});
