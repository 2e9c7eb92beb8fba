/**
 * `roadcam completion`: the scripts come from the command table, so every command completes
 * with exactly the flags it accepts; bash's script parses and completes in a real bash.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import { tempDir } from '../../helpers/core.ts';
import { run } from '../../../src/cli/index.ts';
import { COMMANDS, flagsOf } from '../../../src/cli/commands/table.ts';

const dir = tempDir('roadcam-completion-');
afterAll(() => dir.remove());

function sink(): Writable & { text: string } {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      stream.text += chunk.toString();
      done();
    },
  }) as Writable & { text: string };
  stream.text = '';
  return stream;
}

async function roadcam(args: string[]) {
  const stdout = sink();
  const stderr = sink();
  const code = await run(args, { io: { stdout, stderr }, env: { ROADCAM_DATA_DIR: dir.path } });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** What bash's completion offers for a command line whose last word is being typed. */
function bashComplete(script: string, words: string[]): string[] {
  const file = join(dir.path, 'roadcam.bash');
  writeFileSync(file, script);
  const quoted = words.map((w) => `'${w}'`).join(' ');
  const out = execFileSync(
    'bash',
    [
      '-c',
      `source ${file}; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _roadcam; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ],
    { encoding: 'utf8' },
  );
  return out.split('\n').filter(Boolean);
}

describe('roadcam completion', () => {
  test('bash: the script parses and completes commands, subcommands and flags', async () => {
    const { code, stdout } = await roadcam(['completion', 'bash']);
    expect(code).toBe(0);
    const file = join(dir.path, 'check.bash');
    writeFileSync(file, stdout);
    execFileSync('bash', ['-n', file]);
    expect(bashComplete(stdout, ['roadcam', 'coll'])).toEqual(['collections']);
    expect(bashComplete(stdout, ['roadcam', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    expect(bashComplete(stdout, ['roadcam', 'collections', 'e'])).toEqual(['empty', 'export']);
    expect(bashComplete(stdout, ['roadcam', 'collections', 'add', 'col_1', '--c'])).toEqual([
      '--camera_id',
      '--collection_id',
      '--client-id',
      '--ca-file',
    ]);
    expect(bashComplete(stdout, ['roadcam', 'download', 'rec_1', '--ex'])).toEqual(['--existing']);
  });

  test('zsh and fish: every command and its flags are in the script', async () => {
    const zsh = (await roadcam(['completion', 'zsh'])).stdout;
    const fish = (await roadcam(['completion', 'fish'])).stdout;
    expect(zsh.startsWith('#compdef roadcam\n')).toBe(true);
    for (const [name, command] of Object.entries(COMMANDS)) {
      const flags = flagsOf(command).map((f) => `--${f}`);
      expect(zsh).toContain(`'${name}') opts=(${flags.join(' ')}`);
      const [head, sub] = name.split(' ');
      const when = sub
        ? `__fish_seen_subcommand_from ${head}; and __fish_seen_subcommand_from ${sub}`
        : `__fish_seen_subcommand_from ${head}`;
      for (const f of flagsOf(command)) {
        expect(fish).toContain(`complete -c roadcam -n '${when}' -l ${f} -r\n`);
      }
    }
  });

  test('the table names the flags each command accepts (completion offers no other)', async () => {
    for (const [name, command] of Object.entries(COMMANDS)) {
      const words = name === 'download' ? ['download'] : [...name.split(' '), 'x1', 'x2'];
      const args = [...words.slice(0, command.words), '--zz-not-a-flag', '1'];
      const out = await roadcam(args);
      expect(out.code, name).toBe(2);
      const listed = /Options:(.*)/.exec(out.stderr)?.[1]?.trim().split(/\s+/).filter(Boolean);
      expect(new Set(listed), name).toEqual(new Set(flagsOf(command).map((f) => `--${f}`)));
    }
  });

  test('a switch of another command is refused, not ignored', async () => {
    const all = await roadcam(['cameras', 'show', 'US-WA-000001', '--all']);
    expect(all.code).toBe(2);
    expect(all.stderr).toMatch(/roadcam cameras show has no switch --all/);
    const off = await roadcam(['collections', 'export', 'col_1', '--off']);
    expect(off.code).toBe(2);
    expect(off.stderr).toMatch(/roadcam collections export has no switch --off/);
  });

  test('an unknown shell is a usage error naming the three', async () => {
    const out = await roadcam(['completion', 'tcsh']);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/bash, zsh, fish/);
  });
});
