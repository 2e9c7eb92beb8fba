import type { Readable } from 'node:stream';
import type { diagnosticsChannels, SavedDiagnostics } from '../../shared/ipc/diagnostics.ts';
import { SaidError } from '../../shared/i18n/said-error.ts';
import { said } from '../../shared/i18n/translator.ts';
import { safeUrl } from '../api/errors.ts';
import { crashDumpsDir } from '../diagnostics/crash-dumps.ts';
import { diagnosticsFileName, diagnosticsZip, saveDiagnostics } from '../diagnostics/bundle.ts';
import type { DiagnosticsSources, SaveChoices, ZipChoices } from '../diagnostics/bundle.ts';
import { LineBudget } from '../diagnostics/rate-limit.ts';
import { redactSecrets } from '../diagnostics/redact.ts';
import { startupLine, versionFacts } from '../diagnostics/versions.ts';
import { batchSummary, pageErrorLine, ServiceWatch } from '../diagnostics/summaries.ts';
import type { DownloadManager } from '../downloads/manager.ts';
import { flushLog, logsDirOf } from '../log.ts';
import { checkConnection } from '../connection/check.ts';
import { appVersion } from '../version.ts';
import { Disposables } from './disposables.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';

type DiagnosticsParts = Pick<
  CoreParts,
  'client' | 'dataDir' | 'desktop' | 'hub' | 'log' | 'network' | 'service' | 'settings'
>;

/** What the rest of the app uses: the web host's download, the CLI, the desktop's menu. */
export interface Diagnostics {
  readonly logsDir: string;
  /** The zip as a stream (browser mode's download). */
  zip(choices?: ZipChoices): Promise<Readable>;
  /** `replace`: the user agreed to replace a file already at `path` (a dialog, --force). */
  save(path: string, options: SaveChoices): Promise<SavedDiagnostics>;
  /** The desktop app reloaded the window after its renderer stopped: the page says so once. */
  windowReloaded(notice: string): void;
}

/**
 * Logs and diagnostics: the start-up line, the service and the download batches in the log, the
 * renderer's errors (rate-limited), Show logs and Save diagnostics.
 */
export function diagnosticsFeature(
  parts: DiagnosticsParts,
  downloads: Pick<DownloadManager, 'batchView'>,
  /** The secrets held now (token, client secret, proxy password): cut from every entry. */
  secrets: () => Promise<readonly (string | null | undefined)[]>,
): Feature<ChannelsIn<typeof diagnosticsChannels>> & { diagnostics: Diagnostics } {
  const { client, dataDir, desktop, hub, log, network, service, settings } = parts;
  const logsDir = logsDirOf(dataDir);
  const budget = new LineBudget();
  const running = new Disposables();
  let notice: string | null = null;
  const sources: DiagnosticsSources = {
    logsDir,
    crashDumpsDir: crashDumpsDir(dataDir),
    versions: () => versionFacts(dataDir),
    settings: () => settings.get(),
    secrets,
    connectionReport: async () =>
      (
        await checkConnection({
          client,
          network,
          version: appVersion,
          demo: service.mode === 'demo',
        })
      ).text,
  };
  const diagnostics: Diagnostics = {
    logsDir,
    // The lines logged so far are on disk before the logs are read.
    zip: (choices) => flushLog(log).then(() => diagnosticsZip(sources, choices)),
    async save(path, options) {
      await flushLog(log);
      const saved = await saveDiagnostics(sources, path, options);
      log(`diagnostics saved: ${saved.path} (${saved.bytes} bytes)`);
      return saved;
    },
    windowReloaded: (text) => (notice = text),
  };
  const info = () => ({ logsDir, desktop: desktop !== undefined });
  return {
    name: 'diagnostics',
    diagnostics,
    handlers: {
      'diagnostics.info': info,
      'diagnostics.showLogs': async () => {
        const folder = logsDir;
        if (!desktop) throw new SaidError(said('diagnostics.browserNoFolders', { folder }));
        const problem = await desktop.openPath(logsDir);
        if (problem) throw new SaidError(said('diagnostics.logsNotOpened', { folder, problem }));
        return info();
      },
      'diagnostics.save': async ({ includeCrashDumps }) => {
        if (!desktop?.chooseSaveFile) {
          throw new SaidError(said('diagnostics.browserDownload'));
        }
        const title = said('desktop.diagnostics.saveTitle');
        const path = await desktop.chooseSaveFile(title, diagnosticsFileName(), [
          { name: said('desktop.diagnostics.zipFiles'), extensions: ['zip'] },
        ]);
        // The save dialog asked before replacing a file there.
        const options = { replace: true, crashDumps: includeCrashDumps === true };
        return path === null ? null : diagnostics.save(path, options);
      },
      'diagnostics.rendererError': async ({ kind, message, source, stack }) => {
        const { admitted, refusedBefore } = budget.take();
        if (!admitted) return null;
        if (refusedBefore > 0) log(`${refusedBefore} more renderer errors were not logged`, 'warn');
        const line = pageErrorLine({ kind, message, source, stack });
        // A page's error may quote a URL it was given: a signed one keeps its signature out.
        log(redactSecrets(line, await secrets().catch(() => [])), 'error');
        return null;
      },
      'diagnostics.takeNotice': () => {
        const taken = notice;
        notice = null;
        return taken;
      },
    },
    start() {
      log(startupLine(versionFacts(dataDir)));
      const watch = new ServiceWatch(safeUrl(service.baseUrl));
      let sessionLogged = false;
      running.add(
        hub.on('app.statusChanged', (status) => {
          for (const line of watch.lines(status)) log(line.text, line.level);
          if (sessionLogged || !status.online || !status.tokenHeld) return;
          // Only with a token already held: logging must never cost a token request.
          sessionLogged = true;
          client.session().then(
            (s) =>
              log(
                `service session: signed in as ${s.name} (roles: ${s.roles.join(', ') || 'none'})`,
              ),
            (error: Error) => log(`service session could not be read: ${error.message}`, 'warn'),
          );
        }),
      );
      running.add(
        hub.on('downloads.batchFinished', ({ batchId, state }) => {
          const view = downloads.batchView(batchId);
          const summary = view ? batchSummary(view) : `download batch ${batchId} ${state}`;
          log(summary, state === 'failed' ? 'warn' : 'info');
        }),
      );
    },
    close: () => running.dispose(),
  };
}
