/**
 * Settings › Updates' words in the user's language: the checker, reading a real feed server,
 * says what it found as catalogue codes, and a German or French front end says them in its
 * language (the English stays the status's summary, for the log).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { UpdateChecker } from '../../../src/engine/updates/checker.ts';
import { feedReader } from '../../../src/engine/updates/read-feed.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import { updateWords } from '../../../src/shared/update-words.ts';
import type { InstallKind } from '../../../src/engine/updates/install.ts';
import { startFeedServer, type FeedServer } from '../../helpers/update-feed.ts';

let feed: FeedServer;
let checker: UpdateChecker | undefined;
beforeEach(async () => (feed = await startFeedServer()));
afterEach(async () => {
  checker?.close();
  await feed.close();
});

function check(install: InstallKind) {
  checker = new UpdateChecker({
    currentVersion: '0.1.0',
    install,
    engine: feedReader((url, init) => fetch(url, init), 'linux', 'x64'),
    prefs: () => ({ updateMode: 'notify', updateChannel: 'stable', updateFeedUrl: feed.url }),
    onChange: () => {},
    log: () => {},
  });
  return checker.check();
}

it('a feed without the channel’s file reads in German: the reason after the colon, the advice', async () => {
  const status = await check({ kind: 'self' });
  expect(status.summary).toMatch(/^Roadcam could not check for updates: the feed has no latest/);
  const german = updateWords(status.said, (s) => de.say(s));
  expect(german.summary).toBe(
    `Roadcam konnte nicht nach Updates suchen: der Feed hat keine latest-linux.yml (${feed.url}latest-linux.yml antwortete mit HTTP 404): Die Adresse ist vielleicht falsch, oder für diesen Kanal und diese Plattform ist noch nichts veröffentlicht.`,
  );
  expect(german.advice).toMatch(
    /^Prüfen Sie das Netzwerk .* Roadcam versucht es in \d+ Minuten erneut\.$/,
  );
});

it('a newer version for a deb install reads in French, with the commands as they are', async () => {
  feed.publish('latest', '0.2.0');
  const status = await check({ kind: 'package', format: 'deb' });
  const french = updateWords(status.said, (s) => fr.say(s));
  expect(french.summary).toBe(
    `Roadcam 0.2.0 est disponible : téléchargez-le depuis ${status.downloadUrl}`,
  );
  expect(french.advice).toMatch(
    /^Cette copie a été installée depuis un paquet \.deb, .* avec sudo apt install \.\/\S+\.deb \(ou sudo dpkg -i \S+\.deb\)\.$/,
  );
});

const de = await loadTranslator('de');
const fr = await loadTranslator('fr');
