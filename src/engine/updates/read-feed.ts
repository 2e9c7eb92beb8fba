/**
 * Reads a channel's yml with a plain request through the core's network (its proxy and
 * certificates): browser mode, the CLI and a deb install use it, where electron-updater does
 * not run. The caller's signal carries the deadline.
 */
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import { AnswerTooLarge, readCapped } from '../api/capped-read.ts';
import { NetProblem } from '../net/problem.ts';
import { FeedProblem, feedFileName, parseFeed, shownUrl, type FeedRelease } from './feed.ts';
import type { CheckPlan, UpdateEngine } from './engine.ts';

/** A release description is a few hundred bytes; a thousand files would still be under this. */
const FEED_CAP = 1024 * 1024;

export type FetchLike = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

export function feedReader(fetchFeed: FetchLike, platform: string, arch: string): UpdateEngine {
  return {
    async latest(plan: CheckPlan, signal: AbortSignal): Promise<FeedRelease> {
      const file = feedFileName(plan.channel, platform, arch);
      const url = new URL(file, plan.feed).href;
      const response = await fetchFeed(url, { signal }).catch((error: unknown) => {
        throw unreachable(error, url, signal);
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new FeedProblem(httpWords(response.status, file, url));
      }
      let text: string;
      try {
        text = await readCapped(said('api.op.updateFeed', { file }), response.body, FEED_CAP);
      } catch (error) {
        if (error instanceof AnswerTooLarge)
          throw new FeedProblem(said('updates.reason.tooLarge', { url: shownUrl(url) }));
        throw unreachable(error, url, signal);
      }
      return parseFeed(text, shownUrl(url));
    },
  };
}

function httpWords(status: number, file: string, url: string): Said {
  if (status === 404) return said('updates.reason.missing', { file, url: shownUrl(url) });
  return said('updates.reason.http', { url: shownUrl(url), status });
}

/** A request that did not get an answer, in words (the network's own words when it has them). */
function unreachable(error: unknown, url: string, signal: AbortSignal): Error {
  // The deadline: the caller says it in its own words.
  if (signal.aborted) return signal.reason instanceof Error ? signal.reason : new Error('aborted');
  if (error instanceof NetProblem)
    return new FeedProblem(
      said('updates.reason.other', {
        detail: error.said ? saidWithin(error.said) : error.message,
      }),
    );
  const host = new URL(url).host;
  let code: string | undefined;
  for (let e: unknown = error, depth = 0; e && depth < 5 && !code; depth++) {
    code = (e as { code?: string }).code;
    e = (e as { cause?: unknown }).cause;
  }
  return new FeedProblem(said('updates.reason.unreachable', { host, code: code ?? String(error) }));
}
