import { describe, expect, it } from 'vitest';
import {
  linkFromArgv,
  MAX_LINK_CHARS,
  readLink,
  routeFromLink,
} from '../../../src/desktop/deep-link.ts';

describe('roadcam:// links', () => {
  it('open a wall with its cameras and layout', () => {
    expect(routeFromLink('roadcam://wall?cameras=CAM1,CAM2&layout=3x3')).toBe(
      '/wall?cameras=CAM1,CAM2&layout=3x3',
    );
  });

  it('open a collection', () => {
    expect(routeFromLink('roadcam://collections/c0ffee42')).toBe('/collections/c0ffee42');
    expect(routeFromLink('roadcam:///collections/c0ffee42')).toBe('/collections/c0ffee42');
  });

  it("open a recording's detail under Downloads", () => {
    expect(routeFromLink('roadcam://downloads/recording/rec_0a1b2c3d4e5f')).toBe(
      '/downloads/recording/rec_0a1b2c3d4e5f',
    );
    expect(routeFromLink('roadcam://downloads/recording/%3Cscript%3E')).toBeNull();
  });

  it('open an alert by its id, in the forms services give them', () => {
    expect(routeFromLink('roadcam://alerts/NWS-0a1b2c3d4e5f6g')).toBe('/alerts/NWS-0a1b2c3d4e5f6g');
    expect(routeFromLink('roadcam://alerts/urn:oid:2.49.0.1.840.0.1f2e')).toBe(
      '/alerts/urn%3Aoid%3A2.49.0.1.840.0.1f2e',
    );
    expect(routeFromLink('roadcam://alerts/a%20b')).toBeNull();
  });

  it('open a plain view', () => {
    expect(routeFromLink('roadcam://downloads')).toBe('/downloads');
  });

  it('refuse other schemes, unknown views and odd paths', () => {
    for (const link of [
      'https://example.com/wall',
      'roadcam://evil',
      'roadcam://collections/a/b/c/d',
      'roadcam://collections/%3Cscript%3E',
      'file:///etc/passwd',
      '',
      'roadcam:',
    ]) {
      expect(routeFromLink(link), link).toBeNull();
    }
  });

  it('never carry dot segments through: URL parsing resolves them first', () => {
    expect(routeFromLink('roadcam://collections/../../etc')).toBe('/collections/etc');
  });

  it('are found among command-line arguments', () => {
    expect(linkFromArgv(['/opt/Roadcam/roadcam', '--no-sandbox', 'roadcam://wall?cameras=A'])).toBe(
      'roadcam://wall?cameras=A',
    );
    expect(linkFromArgv(['/opt/Roadcam/roadcam'])).toBeNull();
  });

  it('refuse malformed, oversized and foreign links in words, never by throwing', () => {
    const refusals: [string, RegExp][] = [
      ['roadcam://wall/%ZZ', /malformed %-escape/],
      ['roadcam://%ZZ/', /malformed %-escape/],
      ['roadcam://collections/%E0%A4%A', /malformed %-escape/],
      ['https://x', /"https:\/\/x" is not a roadcam:\/\/ link/],
      ['roadcam://evil', /"evil" is not a view of Roadcam \(map, wall/],
      ['not a link', /is not a well-formed address/],
      [`roadcam://wall?cameras=${'A'.repeat(100_000)}`, /is 100023 characters long/],
    ];
    for (const [link, why] of refusals) {
      expect(routeFromLink(link)).toBeNull();
      expect(readLink(link), link.slice(0, 40)).toEqual({ refused: expect.stringMatching(why) });
    }
  });

  it('quote at most a short piece of a refused link', () => {
    const reading = readLink(`https://x/${'y'.repeat(MAX_LINK_CHARS - 20)}`);
    expect('refused' in reading && reading.refused.length).toBeLessThan(120);
  });
});
