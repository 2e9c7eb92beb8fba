import { beforeEach, expect, test } from 'vitest';
import { adoptPageToken, pageToken, socketUrl } from '../../../../src/renderer/lib/web-token.ts';
import { mediaUrl } from '../../../../src/renderer/lib/media.ts';

beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

test('the token of the opening URL is kept by the tab and taken out of the address bar', () => {
  history.replaceState(null, '', '/?token=abc_-123&lang=en#/wall?cameras=C1');
  expect(adoptPageToken()).toBe('abc_-123');
  expect(location.search).toBe('?lang=en');
  expect(location.hash).toBe('#/wall?cameras=C1');
  // A reload: the URL has no token any more, the tab still has it.
  history.replaceState(null, '', '/#/wall');
  expect(adoptPageToken()).toBe('abc_-123');
  expect(pageToken()).toBe('abc_-123');
});

test('it goes to this page’s own port only: the socket URL and media paths', () => {
  history.replaceState(null, '', '/?token=abc');
  adoptPageToken();
  expect(socketUrl()).toBe(`ws://${location.host}/ipc?token=abc`);
  expect(mediaUrl('/cameras/C1/live')).toBe('/media/abc/cameras/C1/live');
  expect(document.cookie).toBe('');
});

test('a page opened without any token has none', () => {
  expect(adoptPageToken()).toBe('');
});
