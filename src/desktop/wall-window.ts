/**
 * A saved wall in a window of its own, asked for by a link: `roadcam://wall?wall=ID&display=N`
 * (or `roadcam://wall/ID?display=N`), `&kiosk=1` for a kiosk window rather than full screen.
 * The display number is checked against the displays where the window opens (displays.ts).
 * A tour link's parameters (`&tour=favourites&dwell=20`) go with it: that window runs that tour.
 */
export interface WallWindowRequest {
  wallId: number;
  /** The display's number as the link gave it. */
  display: string;
  kiosk: boolean;
  /** The link's tour (`tour=favourites&dwell=20&mode=page`), run by the window; '' for none. */
  tour: string;
}

/** The parameters of a tour link (docs/wall.md, "Tour"): the window runs the tour they name. */
const TOUR_PARAMETERS = ['tour', 'dwell', 'mode', 'layout'];

/** A request, a refusal in words, or null for a route that asks for no window of its own. */
export type WallWindowReading = { request: WallWindowRequest } | { refused: string } | null;

export function wallWindowRequest(route: string): WallWindowReading {
  const [path = '', search = ''] = route.split('?', 2);
  const query = new URLSearchParams(search);
  const display = query.get('display');
  if (display === null || !/^\/wall(\/|$)/.test(path)) return null;
  const idText = path.split('/')[2] ?? query.get('wall') ?? '';
  const wallId = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
  if (wallId === 0) {
    return {
      refused:
        'a link with display=N opens a saved wall on that display: it needs the wall too ' +
        `(wall=ID, the number in the wall's own link), and ${JSON.stringify(idText.slice(0, 20))} is not one`,
    };
  }
  const tour = new URLSearchParams();
  if (query.has('tour')) {
    for (const name of TOUR_PARAMETERS) {
      const value = query.get(name);
      if (value !== null) tour.set(name, value);
    }
  }
  const kiosk = ['1', 'true'].includes(query.get('kiosk') ?? '');
  return { request: { wallId, display, kiosk, tour: tour.toString() } };
}
