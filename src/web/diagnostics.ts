import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { type Diagnostics, diagnosticsFileName } from '../engine/index.ts';
import { CRASH_DUMPS_PARAM } from '../shared/ipc/diagnostics.ts';

/**
 * Browser mode's Save diagnostics: the zip as a download (the browser asks where to save it).
 * Behind the host's gate like the media: the token in its path, same origin only.
 */
export function serveDiagnostics(
  diagnostics: Diagnostics,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  // Crash dumps only when the page's checkbox asked for them (?crash-dumps=1).
  const query = new URL(request.url ?? '/', 'http://host').searchParams;
  diagnostics.zip({ crashDumps: query.get(CRASH_DUMPS_PARAM) === '1' }).then(
    async (zip) => {
      response.writeHead(200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${diagnosticsFileName()}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      if (request.method === 'HEAD') {
        zip.destroy();
        response.end();
        return;
      }
      // A browser that goes away mid-download ends the pipeline; nothing else to do.
      await pipeline(zip, response).catch(() => undefined);
    },
    (error: unknown) => {
      response.writeHead(500, {
        'Content-Type': 'text/plain; charset=utf-8',
        'X-Content-Type-Options': 'nosniff',
      });
      response.end(`The diagnostics could not be made: ${String(error)}\n`);
    },
  );
}
