/**
 * Which files of src/ build zod schemas, and when: a stand-in of the `zod` package whose `z`
 * notes each of its builders a file reads (`z.object`, `z.string`, …) with that file's path, then
 * hands over zod's own. A test file takes it with
 *
 *   vi.mock('zod', async (real) =>
 *     (await import('../../helpers/zod-builds.ts')).listingZod(await real()));
 *
 * and reads `zodBuilds` (the same module, so the same list) after what it runs.
 */
import { sep } from 'node:path';
import type * as Zod from 'zod';

/** `src/shared/ipc/cameras.ts z.object`, …: each builder read, in order, with its reader. */
export const zodBuilds: string[] = [];

const root = `${process.cwd()}${sep}`;

/** zod, with a `z` that notes who reads its builders. */
export function listingZod(zod: typeof Zod): typeof Zod {
  const z = new Proxy(zod.z, {
    get(target, key, receiver) {
      // [0] is "Error", [1] this function, [2] the code that reads z.<key>.
      const frame = new Error().stack?.split('\n')[2] ?? '';
      const at = frame.indexOf(root);
      const file = at < 0 ? undefined : /^[^:?)]+/.exec(frame.slice(at + root.length))?.[0];
      if (file?.startsWith('src/') && typeof key === 'string') zodBuilds.push(`${file} z.${key}`);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { ...zod, z };
}

/** The builders the contract's files (src/shared/ipc/) read since `from` (an index). */
export const contractBuilds = (from = 0): string[] =>
  zodBuilds.slice(from).filter((build) => build.startsWith('src/shared/ipc/'));
