/**
 * The connection report's words (Settings › Network › "Check connection", `roadcam doctor`),
 * put together the same way by the core (English: the report to copy for support, the log) and
 * by each front end in its user's language.
 */
import { said as saying, type MessageKey, type Said } from './i18n/translator.ts';

/** What each line of the report checked. */
export const CONNECTION_TOPICS = {
  Roadcam: 'connection.topic.roadcam',
  Service: 'connection.topic.service',
  Proxy: 'connection.topic.proxy',
  DNS: 'connection.topic.dns',
  TLS: 'connection.topic.tls',
  Reach: 'connection.topic.reach',
  Session: 'connection.topic.session',
  Cameras: 'connection.topic.cameras',
  Observations: 'connection.topic.observations',
  Recordings: 'connection.topic.recordings',
  Alerts: 'connection.topic.alerts',
  Collections: 'connection.topic.collections',
  Token: 'connection.topic.token',
  Clock: 'connection.topic.clock',
  Interface: 'connection.topic.interface',
} as const satisfies Record<string, MessageKey>;

export type ConnectionTopic = keyof typeof CONNECTION_TOPICS;

/** A finding as the core means it: its summary in parts (said one after another), its advice. */
export interface FindingSaid {
  summary: readonly Said[];
  advice?: Said;
}

/** Says what the core said, in one language (a Translator's `say`). */
type Say = (said: Said) => string;

/** A finding's summary and advice in the speaker's language. */
export function findingWords(said: FindingSaid, say: Say): { summary: string; advice?: string } {
  const summary = said.summary.map(say).join('; ');
  return said.advice ? { summary, advice: say(said.advice) } : { summary };
}

interface ReportLike {
  at: string;
  ok: boolean;
  findings: readonly { topic: ConnectionTopic; ok: boolean | null; said: FindingSaid }[];
}

/** The report as plain text, one finding a line (and its advice under it). */
export function connectionReportText(report: ReportLike, say: Say): string {
  const ok = say(saying('connection.mark.ok'));
  const fail = say(saying('connection.mark.fail'));
  // The marks line up whatever their length in the language ("ok", "FAIL"; "OK", "FEHLER").
  const width = Math.max(ok.length, fail.length, 3);
  const lines = [say(saying('connection.report.title', { at: report.at })), ''];
  for (const f of report.findings) {
    const mark = f.ok === null ? '' : f.ok ? ok : fail;
    const words = findingWords(f.said, say);
    const line = saying('connection.report.line', {
      topic: topicWords(f.topic, say),
      summary: words.summary,
    });
    lines.push(`${mark.padEnd(width)} ${say(line)}`);
    if (words.advice) lines.push(`${' '.repeat(width)} -> ${words.advice}`);
  }
  const end = report.ok
    ? saying('connection.report.allWork')
    : saying('connection.report.someFailed', { fail });
  lines.push('', say(end));
  return `${lines.join('\n')}\n`;
}

/** A topic's name in the speaker's language. */
export function topicWords(topic: ConnectionTopic, say: Say): string {
  return say(saying(CONNECTION_TOPICS[topic]));
}
