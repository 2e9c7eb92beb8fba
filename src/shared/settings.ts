import { z } from 'zod';
import { LANGUAGES } from './i18n/languages.ts';
import { formRule } from './setting-issues.ts';
import { tourSchema } from './tour.ts';
import { wallScreensSchema } from './wall-screens.ts';

/** https anywhere, or plain http to a tile server on this computer (tileserver-gl and the like). */
const tileServer = /^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/)\S+$/;

/** A full path on any platform: /home/..., C:\Users\..., \\server\share. */
const fullPath = /^(\/|[A-Za-z]:[\\/]|\\\\)/;

/** The routing services a route may be drawn by (Settings > Route). */
export const ROUTING_SERVICES = ['none', 'osrm', 'valhalla', 'graphhopper'] as const;
export type RoutingService = (typeof ROUTING_SERVICES)[number];

/** User settings: plain preferences, never secrets (those live in the OS keychain). */
export const settingsSchema = z.object({
  liveRefreshSeconds: z.number().int().min(2).max(600),
  downloadConcurrency: z.number().int().min(1).max(16),
  /** Kilobytes per second; 0 means unlimited. */
  speedLimitKBps: z.number().int().min(0).max(10_000_000),
  /**
   * Megabytes downloads leave free on the disk besides their files; null: 5% of the disk, at
   * most 1 GB. A batch that would pass it pauses, and goes on once there is room.
   */
  downloadReserveMB: z.number().int().min(0).max(1_000_000).nullable(),
  /**
   * Seconds over which a download's body must bring at least 32 bytes a second; past it the
   * file is stalled, abandoned and resumed from its `.part`.
   */
  downloadStallSeconds: z.number().int().min(5).max(600),
  cacheSizeMB: z.number().int().min(100).max(1_000_000),
  /**
   * Raster map tiles drawn over the offline outlines: a URL template with {z}, {x} and {y},
   * fetched by the main process (so the page loads images from the app only); empty for none.
   */
  tileUrl: z
    .string()
    .max(500)
    .refine(
      (v) => v === '' || (tileServer.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))),
      { error: () => formRule('tileUrl') },
    ),
  /**
   * Empty means the platform's Downloads folder; else a full path (a relative one would land
   * wherever the app happened to start).
   */
  downloadFolder: z
    .string()
    .max(4096)
    .refine((v) => v === '' || fullPath.test(v), { error: () => formRule('downloadFolder') }),
  /** Demo mode runs on the embedded service; off, the app uses `activeProfile`. */
  demoMode: z.boolean(),
  /** The account profile used when demo mode is off (its secret is in the OS keychain). */
  activeProfile: z.string().max(64).nullable(),
  /**
   * How the service and tiles are reached: `auto` is the system's proxy settings (desktop) or
   * HTTPS_PROXY/HTTP_PROXY/NO_PROXY (CLI, browser mode); `manual` is `proxyUrl`; `none` is direct.
   */
  proxyMode: z.enum(['auto', 'manual', 'none']),
  /** http://host:port of the manual proxy (a password goes to the keychain, never here). */
  proxyUrl: z
    .string()
    .max(500)
    .refine((v) => v === '' || /^(https?:\/\/)?(?:[^:@/\s]+@)?[^:@/\s]+(:\d{1,5})?\/?$/i.test(v), {
      error: () => formRule('proxyUrl'),
    }),
  /** A PEM file of CA certificates trusted besides the system's (a company's TLS gateway). */
  caFile: z.string().max(4096),
  /**
   * How long the service may take to answer one request in full (JSON, the sign-in, error
   * bodies); images and video must keep coming at a least rate for as long instead. A request
   * that may be repeated tries twice before it fails in words.
   */
  answerDeadlineSeconds: z.number().int().min(5).max(600),
  /**
   * What a new version does: `install` downloads it and installs it on quit, `notify` only says
   * one exists, `never` does not check (organisations that forbid auto-update).
   */
  updateMode: z.enum(['install', 'notify', 'never']),
  /** `beta` also offers pre-releases (the feed's beta.yml). */
  updateChannel: z.enum(['stable', 'beta']),
  /** The update feed (a company's mirror); empty: the feed the build was configured with. */
  updateFeedUrl: z
    .string()
    .max(500)
    .refine((v) => v === '' || /^https:\/\/\S+$/.test(v), {
      error: () => formRule('updateFeedUrl'),
    }),
  /** Closing the window while downloads run keeps them running in the tray. */
  closeToTray: z.boolean(),
  /** The first close to the tray was explained to the user (said once). */
  closeToTrayExplained: z.boolean(),
  /** Start when the user logs in, hidden in the tray. */
  openAtLogin: z.boolean(),
  /** Start with the window minimised. */
  startMinimised: z.boolean(),
  /** Distances in kilometres or miles; null: as the system's locale does (en-US: miles). */
  distanceUnit: z.enum(['km', 'mi']).nullable(),
  /** Times shown in the user's time zone or in UTC; every time shown says which. */
  timeZone: z.enum(['local', 'utc']),
  /** The language of the app's words: the system's (its first with a catalogue), or one chosen. */
  language: z.enum(['system', ...LANGUAGES]),
  mapView: z
    .object({
      lat: z.number().min(-90).max(90),
      lon: z.number().min(-180).max(180),
      zoom: z.number().min(0).max(22),
    })
    .nullable(),
  /** The last wall tour started: what `--kiosk` starts without a tour link. */
  lastTour: tourSchema.nullable(),
  /** Saved walls shown in their own windows, and on which display: restored at the start. */
  wallScreens: wallScreensSchema,
  /**
   * The routing service that draws a route along the roads (its GraphHopper key is kept in the
   * keychain); `none`: a straight line between the places.
   */
  routingService: z.enum(ROUTING_SERVICES),
  /** The routing service's address; the route's points are sent there. */
  routingUrl: z
    .string()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+(\/\S*)?$/.test(v), {
      error: () => formRule('routingUrl'),
    }),
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const defaultSettings: Settings = {
  liveRefreshSeconds: 10,
  downloadConcurrency: 3,
  speedLimitKBps: 0,
  downloadReserveMB: null,
  downloadStallSeconds: 30,
  cacheSizeMB: 2048,
  downloadFolder: '',
  tileUrl: DEFAULT_TILE_URL,
  demoMode: true,
  activeProfile: null,
  proxyMode: 'auto',
  proxyUrl: '',
  caFile: '',
  answerDeadlineSeconds: 60,
  updateMode: 'install',
  updateChannel: 'stable',
  updateFeedUrl: '',
  closeToTray: true,
  closeToTrayExplained: false,
  openAtLogin: false,
  startMinimised: false,
  distanceUnit: null,
  timeZone: 'local',
  language: 'system',
  mapView: null,
  lastTour: null,
  wallScreens: [],
  routingService: 'none',
  routingUrl: '',
};

/**
 * The settings that reach the machine: where updates are installed from, which certificates are
 * trusted, the way out to the network, the addresses the main process fetches map tiles from and
 * sends routes to, and where downloads write. They change only with the user's consent (src/engine/consent/).
 */
export const GUARDED_SETTINGS = [
  'updateFeedUrl',
  'caFile',
  'proxyMode',
  'proxyUrl',
  'tileUrl',
  'routingUrl',
  'downloadFolder',
] as const satisfies readonly (keyof Settings)[];
export type GuardedSetting = (typeof GUARDED_SETTINGS)[number];

export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
