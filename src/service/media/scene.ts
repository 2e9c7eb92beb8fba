/**
 * The synthetic road scene as SVG. A frame is two layers so that a sequence of frames costs
 * little: a background that depends only on the camera and its conditions (rendered once per
 * ten-minute observation slot and cached as pixels), and a light overlay per frame time
 * (moving cars, rain streaks, the burnt-in UTC time) whose shapes are given here and painted
 * straight onto the pixels by overlay.ts.
 */
import { hash, rng } from '../world/random.ts';

export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 360;
const HORIZON = 150;
const VANISH_X = 320;

export interface FrameConditions {
  /** road_weather value (interface 2.3): 10, 6, 3, 2, 1, 0 or -1 */
  roadWeather: number;
  /** visibility value: 0, 0.2, 0.5, 1 or -1 */
  visibility: number;
  /** precip value: 1, 0 or -1 */
  precip: number;
  night: boolean;
}

export interface FrameCamera {
  id: string;
  description: string;
}

/** Opacity of the fog veil for a visibility value (no report: a smeared lens, some haze). */
export function fogOpacity(visibility: number): number {
  if (visibility === 0) return 0.72;
  if (visibility === 0.2) return 0.5;
  if (visibility === 0.5) return 0.28;
  if (visibility === -1) return 0.2;
  return 0;
}

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** x of the road's edge at screen row y, for an edge that meets the bottom at `bottomX`. */
function roadX(bottomX: number, y: number): number {
  return VANISH_X + ((bottomX - VANISH_X) * (y - HORIZON)) / (FRAME_HEIGHT - HORIZON);
}

function sky(c: FrameConditions): string {
  const [top, bottom] = c.night
    ? ['#0b1330', '#27314f']
    : c.precip === 1
      ? ['#5d6670', '#9aa3ab']
      : ['#4f8fd6', '#bcd8f0'];
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="${FRAME_WIDTH}" height="${HORIZON}" fill="url(#sky)"/>`;
}

function ground(c: FrameConditions): string {
  const snowy = c.roadWeather === 6 || c.roadWeather === 10;
  const fill = snowy ? (c.night ? '#9aa0ad' : '#eef2f6') : c.night ? '#1d2a1a' : '#5f7f3c';
  return `<rect y="${HORIZON}" width="${FRAME_WIDTH}" height="${FRAME_HEIGHT - HORIZON}" fill="${fill}"/>`;
}

/** Trees and poles along the road, placed per camera so each view looks its own. */
function scenery(cameraKey: number, c: FrameConditions): string {
  const r = rng(cameraKey, 0x5ce);
  const parts: string[] = [];
  const snowy = c.roadWeather === 6 || c.roadWeather === 10;
  for (let i = 0; i < 14; i++) {
    const left = r.chance(0.5);
    const depth = 0.05 + r.next() * 0.9;
    const y = HORIZON + depth * (FRAME_HEIGHT - HORIZON) * 0.6;
    const edge = roadX(left ? 40 : 600, y);
    const x = left ? edge - 20 - r.next() * 200 * depth : edge + 20 + r.next() * 200 * depth;
    const h = 12 + depth * 90;
    const green = c.night ? '#0f1f12' : '#2f5a2a';
    parts.push(
      `<rect x="${(x - h * 0.04).toFixed(1)}" y="${(y - h * 0.3).toFixed(1)}" width="${(h * 0.08).toFixed(1)}" height="${(h * 0.3).toFixed(1)}" fill="#4a3526"/>`,
      `<polygon points="${x.toFixed(1)},${(y - h).toFixed(1)} ${(x - h * 0.3).toFixed(1)},${(y - h * 0.25).toFixed(1)} ${(x + h * 0.3).toFixed(1)},${(y - h * 0.25).toFixed(1)}" fill="${green}"/>`,
    );
    if (snowy) {
      parts.push(
        `<polygon points="${x.toFixed(1)},${(y - h).toFixed(1)} ${(x - h * 0.12).toFixed(1)},${(y - h * 0.7).toFixed(1)} ${(x + h * 0.12).toFixed(1)},${(y - h * 0.7).toFixed(1)}" fill="#f4f7fa"/>`,
      );
    }
  }
  return parts.join('');
}

function asphalt(rw: number, night: boolean): string {
  const base = rw >= 2 && rw <= 3 ? '#2f3238' : rw === 1 ? '#44464b' : '#55575c';
  return night ? '#25272b' : base;
}

function road(c: FrameConditions): string {
  const rw = c.roadWeather;
  const parts = [
    `<polygon points="${VANISH_X - 4},${HORIZON} ${VANISH_X + 4},${HORIZON} 600,${FRAME_HEIGHT} 40,${FRAME_HEIGHT}" fill="${asphalt(rw, c.night)}"/>`,
  ];
  for (const bottom of [240, 400]) {
    for (let k = 0; k < 8; k++) {
      const y0 = HORIZON + ((FRAME_HEIGHT - HORIZON) * k * k) / 64;
      const y1 = HORIZON + ((FRAME_HEIGHT - HORIZON) * (k + 0.5) * (k + 0.5)) / 64;
      const w = 1 + (y1 - HORIZON) / 50;
      parts.push(
        `<line x1="${roadX(bottom, y0).toFixed(1)}" y1="${y0.toFixed(1)}" x2="${roadX(bottom, y1).toFixed(1)}" y2="${y1.toFixed(1)}" stroke="#e8e2c8" stroke-width="${w.toFixed(1)}"/>`,
      );
    }
  }
  if (rw === 2 || rw === 3) parts.push(wetSheen(rw));
  if (rw === 6 || rw === 10) parts.push(snowCover(rw));
  return parts.join('');
}

/** Wet: the sky reflected in streaks; ponding: pools of standing water as well. */
function wetSheen(rw: number): string {
  const parts = [
    `<polygon points="${VANISH_X},${HORIZON} ${VANISH_X + 30},${FRAME_HEIGHT} ${VANISH_X - 30},${FRAME_HEIGHT}" fill="#c9d4de" opacity="0.25"/>`,
  ];
  if (rw === 3) {
    for (const [x, y, rx] of [
      [250, 300, 70],
      [400, 250, 45],
      [300, 205, 25],
      [180, 340, 60],
    ] as const) {
      parts.push(
        `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${(rx / 5).toFixed(1)}" fill="#8fa3b5" opacity="0.55"/>`,
      );
    }
  }
  return parts.join('');
}

/** Partial snow keeps bare tyre tracks; full snow covers nearly everything. */
function snowCover(rw: number): string {
  const cover = rw === 10 ? 0.92 : 0.55;
  const parts = [
    `<polygon points="${VANISH_X - 4},${HORIZON} ${VANISH_X + 4},${HORIZON} 600,${FRAME_HEIGHT} 40,${FRAME_HEIGHT}" fill="#f1f4f7" opacity="${cover}"/>`,
  ];
  const track = rw === 10 ? '#b9bec6' : '#55575c';
  for (const bottom of [150, 200, 440, 490]) {
    parts.push(
      `<line x1="${VANISH_X}" y1="${HORIZON}" x2="${bottom}" y2="${FRAME_HEIGHT}" stroke="${track}" stroke-width="10" opacity="0.7"/>`,
    );
  }
  return parts.join('');
}

function banner(camera: FrameCamera): string {
  return `<rect width="${FRAME_WIDTH}" height="24" fill="#000" opacity="0.55"/>
<text x="8" y="17" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="14" fill="#fff">${escapeXml(`${camera.id}  ${camera.description}`)}</text>`;
}

export function backgroundSvg(camera: FrameCamera, c: FrameConditions, cameraKey: number): string {
  const fog = fogOpacity(c.visibility);
  const veil =
    fog > 0
      ? `<rect width="${FRAME_WIDTH}" height="${FRAME_HEIGHT}" fill="#d5d9dd" opacity="${fog}"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${FRAME_WIDTH}" height="${FRAME_HEIGHT}">${sky(c)}${ground(c)}${scenery(cameraKey, c)}${road(c)}${veil}${banner(camera)}</svg>`;
}

/** One car of the overlay, at screen position (x, y) and scale s. */
export interface Car {
  x: number;
  y: number;
  s: number;
  color: string;
}

/** Cars drive towards the camera in two lanes; where they are depends only on the time. */
export function carsAt(cameraKey: number, t: number): Car[] {
  const out: Car[] = [];
  for (let i = 0; i < 3; i++) {
    const period = 7 + (hash(cameraKey, i) % 5);
    const phase = ((t + (hash(cameraKey, i, 1) % 97)) % period) / period;
    const y = HORIZON + 6 + phase * phase * (FRAME_HEIGHT - HORIZON);
    const lane = i % 2 === 0 ? 180 : 420;
    out.push({
      x: roadX(lane, y),
      y,
      s: 0.08 + (y - HORIZON) / 70,
      color: ['#b8202a', '#e6e6e6', '#1f4f8f'][i]!,
    });
  }
  return out;
}

/** Heavy precipitation: streaks that move between frames (snow flakes when it is cold). */
export function streaksAt(
  cameraKey: number,
  t: number,
  c: FrameConditions,
): { snowing: boolean; points: [number, number][] } {
  const snowing = c.roadWeather === 6 || c.roadWeather === 10;
  if (c.precip !== 1) return { snowing, points: [] };
  const r = rng(cameraKey, t, 0x4a1);
  const points: [number, number][] = [];
  for (let i = 0; i < 70; i++) {
    const x = r.next() * FRAME_WIDTH;
    const y = r.next() * FRAME_HEIGHT;
    points.push([Math.round(x), Math.round(y)]);
  }
  return { snowing, points };
}

export function formatFrameTime(tMs: number): string {
  return `${new Date(tMs).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
