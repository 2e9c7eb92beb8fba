import { settingsSchema, type Settings } from '../../shared/settings.ts';

type MapView = NonNullable<Settings['mapView']>;

const viewSchema = settingsSchema.shape.mapView.unwrap();

/**
 * The view a map link asks for: `#/map?at=lat,lon,zoom` (as `39.5,-98.35,4`) opens the map
 * there instead of where it was last left. A link that does not read as a view is ignored.
 */
export function viewFromLink(at: string | undefined): MapView | null {
  if (at === undefined) return null;
  const parts = at.split(',');
  if (parts.length !== 3 || parts.some((p) => p.trim() === '')) return null;
  const [lat, lon, zoom] = parts.map(Number);
  const parsed = viewSchema.safeParse({ lat, lon, zoom });
  return parsed.success ? parsed.data : null;
}

/**
 * What a map link opens: `#/map?camera=ID` a camera's panel, `#/map?alert=ID` an alert's (the
 * map then fits its area). Ids are checked by the panels' own calls; an empty one opens nothing.
 */
export function selectionFromLink(
  query: Record<string, string>,
): { kind: 'camera' | 'alert'; id: string } | null {
  if (query['camera']) return { kind: 'camera', id: query['camera'] };
  if (query['alert']) return { kind: 'alert', id: query['alert'] };
  return null;
}
