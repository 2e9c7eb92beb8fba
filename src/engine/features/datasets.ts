import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { SaidError } from '../../shared/i18n/said-error.ts';
import { said } from '../../shared/i18n/translator.ts';
import type { datasetsChannels } from '../../shared/ipc/datasets.ts';
import { exportDataset } from '../datasets/export.ts';
import { PLAN_FILE } from '../datasets/plan.ts';
import type { DownloadManager } from '../downloads/manager.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

/**
 * Labelled datasets of observation previews (docs/datasets.md): the one way the CLI's
 * `roadcam dataset export` and the Map's "Export as dataset" make one. Its images go through
 * the download queue, so the feature runs nothing of its own in the background.
 */
export function datasetsFeature(
  ctx: Pick<CoreParts, 'client' | 'consent' | 'desktop' | 'folders' | 'hub' | 'log'>,
  manager: DownloadManager,
): Feature<ChannelsIn<typeof datasetsChannels>> {
  const running = new Map<string, AbortController>();
  return {
    name: 'datasets',
    handlers: {
      'datasets.export': async (input) => {
        const folder = input.folder;
        if (!isAbsolute(folder)) {
          throw new SaidError(said('datasets.refused.notFullPath', { folder }));
        }
        // Before the folder is made: a folder the user did not choose is not even created.
        await ctx.consent.batch(folder, 'skip', ctx.folders().downloads);
        await mkdir(folder, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
          const code = error.code ?? error.message;
          throw new SaidError(said('datasets.refused.cannotCreate', { folder, code }));
        });
        const abort = new AbortController();
        running.get(input.exportId)?.abort();
        running.set(input.exportId, abort);
        try {
          return await exportDataset(
            {
              client: ctx.client,
              manager,
              log: ctx.log,
              progress: (p) => ctx.hub.emit('datasets.progress', p),
            },
            input,
            abort.signal,
          );
        } finally {
          if (running.get(input.exportId) === abort) running.delete(input.exportId);
        }
      },
      'datasets.cancel': ({ exportId }) => {
        const abort = running.get(exportId);
        abort?.abort(new Error('canceled'));
        return abort !== undefined;
      },
      'datasets.open': async ({ folder }) => {
        // Only a dataset's folder: the page may not open any path it names.
        if (!isAbsolute(folder) || !existsSync(join(folder, PLAN_FILE))) {
          throw new SaidError(said('datasets.refused.noDataset', { folder }));
        }
        if (!ctx.desktop) return { opened: false, path: folder };
        const problem = await ctx.desktop.openPath(folder);
        if (problem) throw new SaidError(said('datasets.refused.cannotOpen', { folder, problem }));
        return { opened: true, path: folder };
      },
    },
  };
}
