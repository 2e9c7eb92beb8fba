/**
 * Why a condition watch's check failed reaches the user in their language: the core keeps it as
 * what it means beside its English (migration 0650), the app and the command line say it in the
 * language in force. A real failure: the service the watch was made on stops answering.
 */
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Core } from '../../../src/engine/core.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import { startTestService } from '../../helpers/api.ts';
import { startAccountCore, tempDir } from '../../helpers/core.ts';

const dir = tempDir('roadcam-check-words-');
let core: Core | undefined;
afterAll(async () => {
  await core?.close();
  dir.remove();
});

it('a failed check is said in German, its English kept for logs', async () => {
  const service = await startTestService({ cameras: 20, hours: 1 });
  core = await startAccountCore(join(dir.path, 'core'), service.url);
  await core.api.invoke('conditions.watches.add', {
    name: 'Pass',
    target: {
      area: {
        polygon: [
          [-179, -80],
          [179, -80],
          [179, 80],
          [-179, 80],
        ],
      },
    },
  });
  await service.close();
  const [watch] = await core.api.invoke('conditions.watches.check', {});
  expect(watch!.problem).toMatch(
    /^The check of Pass failed: .*Roadcam tries again at the next check\.$/,
  );
  const german = (await loadTranslator('de')).say(watch!.problemSaid!);
  expect(german).toMatch(
    /^Die Prüfung von Pass ist fehlgeschlagen: .* ist fehlgeschlagen: http:\S+ war nicht erreichbar .*Roadcam versucht es bei der nächsten Prüfung erneut\.$/,
  );
  // Kept as it means across a restart: read back from SQLite.
  await core.close();
  core = await startAccountCore(join(dir.path, 'core'), service.url);
  const [again] = await core.api.invoke('conditions.watches.list', {});
  expect(again!.problemSaid).toEqual(watch!.problemSaid);
}, 60_000);
