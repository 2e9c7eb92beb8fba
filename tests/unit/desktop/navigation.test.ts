import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAppUrl, isExternalHttps } from '../../../src/desktop/navigation.ts';

const renderer = '/opt/Roadcam/resources/app/out/renderer';

describe('the window shows only the app', () => {
  it('accepts the built renderer and the dev server', () => {
    expect(isAppUrl(`${pathToFileURL(renderer).href}/index.html#/map`, renderer)).toBe(true);
    expect(isAppUrl('http://localhost:5173/#/wall', renderer, 'http://localhost:5173')).toBe(true);
  });

  it('refuses other files, look-alike folders and other sites', () => {
    expect(isAppUrl('file:///etc/passwd', renderer)).toBe(false);
    expect(isAppUrl(`${pathToFileURL(renderer).href}-evil/index.html`, renderer)).toBe(false);
    expect(isAppUrl(`${pathToFileURL(renderer).href}/../../secret.html`, renderer)).toBe(false);
    expect(isAppUrl('https://example.com/', renderer, 'http://localhost:5173')).toBe(false);
    expect(isAppUrl('http://localhost:5174/', renderer, 'http://localhost:5173')).toBe(false);
    expect(isAppUrl('not a url', renderer)).toBe(false);
  });
});

describe('links that leave the app', () => {
  it('open in the system browser only when https', () => {
    expect(isExternalHttps('https://www.weather.gov/alerts')).toBe(true);
    for (const url of [
      'http://example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'roadcam://wall',
      '',
    ]) {
      expect(isExternalHttps(url), url).toBe(false);
    }
  });
});
