/**
 * Each setting's rule in words, for its field (lib/field-rules.ts). The limits themselves come
 * from the settings' schema (src/shared/settings.ts), handed to these phrases as it refuses.
 * The phrases are getters, so each is said in the language in force when it is shown.
 */
import type { Settings } from '../../shared/settings.ts';
import type { FieldWords } from '../lib/field-rules.ts';
import { t } from '../lib/words.svelte.ts';

export const settingWords: Partial<Record<keyof Settings, FieldWords>> = {
  liveRefreshSeconds: {
    low: (min) => t('settings.rule.refreshLow', { min }),
    high: (max) => t('settings.rule.refreshHigh', { max }),
    get whole() {
      return t('settings.rule.wholeSeconds');
    },
  },
  downloadConcurrency: {
    low: (min) => t('settings.rule.concurrencyLow', { min }),
    high: (max) => t('settings.rule.concurrencyHigh', { max }),
    get whole() {
      return t('settings.rule.wholeDownloads');
    },
  },
  speedLimitKBps: {
    low: () => t('settings.rule.speedLow'),
    high: (max) => t('settings.rule.speedHigh', { max }),
    get whole() {
      return t('settings.rule.wholeSpeed');
    },
  },
  downloadReserveMB: {
    low: (min) => t('settings.rule.reserveLow', { min }),
    high: (max) => t('settings.rule.reserveHigh', { max }),
    get whole() {
      return t('settings.rule.wholeReserve');
    },
  },
  downloadStallSeconds: {
    low: (min) => t('settings.rule.stallLow', { min }),
    high: (max) => t('settings.rule.stallHigh', { max }),
    get whole() {
      return t('settings.rule.wholeSeconds');
    },
  },
  cacheSizeMB: {
    low: (min) => t('settings.rule.cacheLow', { min }),
    high: (max) => t('settings.rule.cacheHigh', { max }),
    get whole() {
      return t('settings.rule.wholeMB');
    },
  },
  answerDeadlineSeconds: {
    low: (min) => t('settings.rule.deadlineLow', { min }),
    high: (max) => t('settings.rule.deadlineHigh', { max }),
    get whole() {
      return t('settings.rule.wholeSeconds');
    },
  },
  tileUrl: {
    get form() {
      // The placeholders are the template's own, typed as they are in any language.
      return t('settings.rule.tileUrl', { z: '{z}', x: '{x}', y: '{y}' });
    },
  },
  downloadFolder: {
    get form() {
      return t('settings.rule.folder');
    },
  },
  proxyUrl: {
    get form() {
      return t('settings.rule.proxy');
    },
  },
  updateFeedUrl: {
    get form() {
      return t('settings.rule.feed');
    },
  },
};
