/** The search's area in words, for the search panel, distances in the user's unit. */
import { formatDistance, type DistanceUnit } from '../../lib/units.ts';
import { t, words } from '../../lib/words.svelte.ts';
import type { Spatial } from './params.ts';

export function describeSpatial(spatial: Spatial, unit: DistanceUnit = 'km'): string {
  const distance = (km: number) => formatDistance(km, unit, words.language);
  switch (spatial.type) {
    case 'bbox':
      return t('search.area.bbox', { bbox: spatial.bbox.map((v) => v.toFixed(2)).join(', ') });
    case 'polygon':
      return t('search.area.polygon', { count: spatial.ring.length });
    case 'route':
      return t('search.area.route', {
        count: spatial.line.length,
        distance: distance(spatial.radiusKm),
      });
    case 'radius':
      return t('search.area.radius', {
        distance: distance(spatial.radiusKm),
        place: `${spatial.center[1].toFixed(3)}, ${spatial.center[0].toFixed(3)}`,
      });
    default:
      return t('search.area.none');
  }
}
