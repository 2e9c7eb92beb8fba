/**
 * Each setting's rule in words, for its field (lib/field-rules.ts). The limits themselves come
 * from the settings' schema (src/shared/settings.ts), handed to these phrases as it refuses.
 */
import type { Settings } from '../../shared/settings.ts';
import { readableNumber as n, type FieldWords } from '../lib/field-rules.ts';

const whole = (what: string) => `Type a whole number of ${what}.`;

export const settingWords: Partial<Record<keyof Settings, FieldWords>> = {
  liveRefreshSeconds: {
    low: (min) => `Refresh at most every ${n(min)} seconds: type ${n(min)} or more.`,
    high: (max) => `Refresh at least every ${n(max)} seconds: type ${n(max)} or less.`,
    whole: whole('seconds'),
  },
  downloadConcurrency: {
    low: (min) => `At least ${n(min)} download runs at a time: type ${n(min)} or more.`,
    high: (max) => `At most ${n(max)} downloads run at a time: type ${n(max)} or less.`,
    whole: whole('downloads'),
  },
  speedLimitKBps: {
    low: () => 'Type 0 for no limit, or a speed in KB/s above 0.',
    high: (max) => `The limit is at most ${n(max)} KB/s: type 0 for no limit.`,
    whole: whole('KB/s (0 for no limit)'),
  },
  downloadReserveMB: {
    low: (min) => `Keep ${n(min)} MB or more free, or leave the field empty for 5% of the disk.`,
    high: (max) => `Keep at most ${n(max)} MB free, or leave the field empty for 5% of the disk.`,
    whole: whole('MB, or leave the field empty'),
  },
  downloadStallSeconds: {
    low: (min) => `Wait at least ${n(min)} seconds before retrying a stalled download.`,
    high: (max) => `Wait at most ${n(max)} seconds before retrying a stalled download.`,
    whole: whole('seconds'),
  },
  cacheSizeMB: {
    low: (min) => `The media cache needs at least ${n(min)} MB: type ${n(min)} or more.`,
    high: (max) => `The media cache holds at most ${n(max)} MB: type ${n(max)} or less.`,
    whole: whole('MB'),
  },
  answerDeadlineSeconds: {
    low: (min) => `Give the service at least ${n(min)} seconds to answer: type ${n(min)} or more.`,
    high: (max) => `Wait at most ${n(max)} seconds for an answer: type ${n(max)} or less.`,
    whole: whole('seconds'),
  },
  tileUrl: {
    form:
      'Type an address starting with https:// (or http://localhost/ for a tile server on this ' +
      'computer) that has {z}, {x} and {y} in it, or leave the field empty for outlines only.',
  },
  downloadFolder: {
    form:
      'Type the full path of a folder, starting with / (or a drive such as C:\\), or leave ' +
      'the field empty for your Downloads folder.',
  },
  proxyUrl: {
    form:
      'Type the proxy as http://host:port, or http://user@host:port (the password has its ' +
      'own field).',
  },
  updateFeedUrl: {
    form:
      'Type an https:// address of the folder that holds latest.yml, or leave the field empty ' +
      'for the built-in feed.',
  },
};
