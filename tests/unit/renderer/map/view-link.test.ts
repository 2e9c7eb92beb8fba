import { describe, expect, it } from 'vitest';
import { viewFromLink } from '../../../../src/renderer/map/view-link.ts';

describe('a map link with a view', () => {
  it('reads lat,lon,zoom', () => {
    expect(viewFromLink('39.5,-98.35,4')).toEqual({ lat: 39.5, lon: -98.35, zoom: 4 });
    expect(viewFromLink(' -33.9 , 151.2 , 10.5 ')).toEqual({ lat: -33.9, lon: 151.2, zoom: 10.5 });
  });

  it('ignores a link that is not a view', () => {
    for (const at of [
      undefined,
      '',
      '39.5,-98.35',
      '39.5,-98.35,4,1',
      '91,0,4',
      '0,181,4',
      '0,0,99',
      'a,b,c',
      '39.5,,4',
      'Infinity,0,4',
    ]) {
      expect(viewFromLink(at), String(at)).toBeNull();
    }
  });
});
