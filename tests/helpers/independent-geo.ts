/**
 * Geometry written again for the tests, independently of src/shared/geo.ts and by other
 * methods where possible (segments are densified and measured with haversine), so a filter
 * is checked against a second opinion rather than against itself.
 */
export type P = [number, number];

export function haversine(a: P, b: P): number {
  const R = 6371008.8;
  const toRad = (d: number): number => (d * Math.PI) / 180;
  const h =
    Math.sin(toRad(b[1] - a[1]) / 2) ** 2 +
    Math.cos(toRad(a[1])) * Math.cos(toRad(b[1])) * Math.sin(toRad(b[0] - a[0]) / 2) ** 2;
  return 2 * R * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}

/** Winding-number containment. */
export function inside(p: P, ring: P[]): boolean {
  let wn = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    const side = (b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1]);
    if (a[1] <= p[1]) {
      if (b[1] > p[1] && side > 0) wn++;
    } else if (b[1] <= p[1] && side < 0) wn--;
  }
  return wn !== 0;
}

export function decode(str: string, precision: number): P[] {
  const factor = Math.pow(10, precision);
  const values: number[] = [];
  let current = 0;
  let shift = 0;
  for (const ch of str) {
    const b = ch.charCodeAt(0) - 63;
    current |= (b & 31) << shift;
    shift += 5;
    if (b < 32) {
      values.push(current & 1 ? ~(current >> 1) : current >> 1);
      current = 0;
      shift = 0;
    }
  }
  const out: P[] = [];
  let lat = 0;
  let lon = 0;
  for (let i = 0; i + 1 < values.length; i += 2) {
    lat += values[i]!;
    lon += values[i + 1]!;
    out.push([lon / factor, lat / factor]);
  }
  return out;
}

export function encode(points: P[], precision: number): string {
  const factor = Math.pow(10, precision);
  let out = '';
  let pl = 0;
  let pg = 0;
  const enc = (v: number): string => {
    let x = v < 0 ? ~(v << 1) : v << 1;
    let s = '';
    while (x >= 32) {
      s += String.fromCharCode((32 | (x & 31)) + 63);
      x >>= 5;
    }
    return s + String.fromCharCode(x + 63);
  };
  for (const [lon, lat] of points) {
    const la = Math.round(lat * factor);
    const lo = Math.round(lon * factor);
    out += enc(la - pl) + enc(lo - pg);
    pl = la;
    pg = lo;
  }
  return out;
}

/** Distance to a polyline by densifying each segment every ~500 m. */
export function distanceToLine(p: P, line: P[]): number {
  let best = Infinity;
  for (let i = 0; i < Math.max(1, line.length - 1); i++) {
    const a = line[i]!;
    const b = line[i + 1] ?? a;
    const n = Math.max(1, Math.ceil(haversine(a, b) / 500));
    for (let k = 0; k <= n; k++) {
      const q: P = [a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n];
      best = Math.min(best, haversine(p, q));
    }
  }
  return best;
}
