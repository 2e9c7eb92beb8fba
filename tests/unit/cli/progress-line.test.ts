import { describe, expect, it } from 'vitest';
import { progressBar, progressLine, progressText } from '../../../src/cli/progress-line.ts';
import { idsOfList } from '../../../src/cli/commands/id-lists.ts';

const p = {
  done: 412,
  total: 10_000,
  failed: 37,
  bytesDone: 1.2 * 1024 ** 3,
  bytesTotal: 3.4 * 1024 ** 3,
  speed: 12.3 * 1024 ** 2,
  etaSeconds: 230,
};

/** An stderr that keeps what is written, a terminal or not. */
function sink(isTTY: boolean) {
  const written: string[] = [];
  return {
    written,
    io: {
      stdout: { write: () => true, isTTY } as unknown as NodeJS.WritableStream,
      stderr: Object.assign({ write: (s: string) => written.push(s) > 0, isTTY }) as never,
    },
  };
}

describe('the progress of a long command', () => {
  it('says files, failures, bytes, rate and time left', () => {
    expect(progressText(p)).toBe(
      '412/10,000 files · 37 failed · 1.2 GB of 3.4 GB · 12 MB/s · 4 min left',
    );
    expect(progressBar(p)).toBe('[#-----------------------]   4%');
    expect(progressBar({ ...p, done: 10_000 })).toBe('[########################] 100%');
  });

  it('draws the bar in place on a terminal', () => {
    const { io, written } = sink(true);
    const line = progressLine(io);
    line.update(p);
    line.update({ ...p, done: 413 });
    expect(written).toHaveLength(2);
    expect(written[1]!.startsWith('\r\u001b[2K[#---')).toBe(true);
    expect(written[1]).toContain('4%  413/10,000 files');
  });

  it('writes a plain line now and then to a log', () => {
    const { io, written } = sink(false);
    let now = 0;
    const line = progressLine(io, 10_000, () => now);
    line.update(p);
    now = 5_000;
    line.update({ ...p, done: 500 });
    now = 10_000;
    line.update({ ...p, done: 600 });
    expect(written).toEqual([`${progressText(p)}\n`, `${progressText({ ...p, done: 600 })}\n`]);
  });
});

describe('a list of ids', () => {
  it('takes the first field of each line, skipping headers, comments and blanks', () => {
    const text =
      'recording_id,format\n# note\n\nrec_a,zip\n  rec_b ; x\n"rec_c",mp4\r\nrec_d\tmore\n';
    expect(idsOfList(text)).toEqual(['rec_a', 'rec_b', 'rec_c', 'rec_d']);
  });
});
