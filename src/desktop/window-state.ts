import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const schema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  maximized: z.boolean(),
});

export type WindowState = z.infer<typeof schema>;

/** The main window's last size and position, in `<dataDir>/window-state.json`. */
export function loadWindowState(dataDir: string): WindowState | null {
  try {
    const parsed = schema.safeParse(
      JSON.parse(readFileSync(join(dataDir, 'window-state.json'), 'utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // first start, or a file from elsewhere: the default size will do
  }
}

/** Written to a temporary file and renamed, so a crash never leaves half a file. */
export function saveWindowState(dataDir: string, state: WindowState): void {
  const file = join(dataDir, 'window-state.json');
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}

/** Whether a saved window would still be reachable: its title bar overlaps some display. */
export function isOnScreen(
  state: WindowState,
  displays: readonly { x: number; y: number; width: number; height: number }[],
): boolean {
  return displays.some(
    (d) =>
      state.x < d.x + d.width - 50 &&
      state.x + state.width > d.x + 50 &&
      state.y >= d.y - 10 &&
      state.y < d.y + d.height - 50,
  );
}
