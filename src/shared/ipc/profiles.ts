import { z } from 'zod';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';

/** An account as the renderer sees it: never its secret or token. */
export interface ProfileView {
  name: string;
  baseUrl: string;
  clientId: string;
  createdAt: string;
  updatedAt: string;
}

export interface ProfilesView {
  profiles: ProfileView[];
  demoMode: boolean;
  activeProfile: string | null;
  /** What the running core uses; differs from the above until the app restarts. */
  running: { mode: 'demo' | 'remote'; profile: string | null };
}

export interface ConnectionTest {
  ok: boolean;
  /** GET /v1/session of the service when ok (interface 4.1). */
  session?: { name: string; roles: unknown[]; expiresIn: number };
  /** What failed and what to do, when not ok. */
  message?: string;
}

const name = once(() =>
  z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'letters, digits, ".", "_" or "-", up to 64'),
);
const httpUrl = once(() =>
  z
    .string()
    .max(2000)
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'an http(s) URL'),
);

export const profileChannels = onFirstUse({
  'profiles.list': { input: () => z.object({}).strict(), result: type<ProfilesView>() },
  /** Adds or replaces an account; the secret goes straight to the OS keychain. */
  'profiles.save': {
    input: () =>
      z
        .object({
          name: name(),
          baseUrl: httpUrl(),
          clientId: z.string().min(1).max(500),
          clientSecret: z.string().min(1, 'the client secret is empty').max(4096),
        })
        .strict(),
    result: type<ProfilesView>(),
  },
  'profiles.remove': {
    input: () => z.object({ name: name() }).strict(),
    result: type<ProfilesView>(),
  },
  /** Signs in with a saved account and reads /v1/session, without switching to it. */
  'profiles.test': {
    input: () => z.object({ name: name() }).strict(),
    result: type<ConnectionTest>(),
  },
  /**
   * Chooses what the app uses from its next start: demo mode, or an account. The desktop app
   * restarts at once; browser mode asks the user to restart `npm run web`.
   */
  'profiles.use': {
    input: () =>
      z.union([
        z.object({ demo: z.literal(true) }).strict(),
        z.object({ demo: z.literal(false), name: name() }).strict(),
      ]),
    result: type<ProfilesView>(),
  },
} as const);

export const profileEvents = {
  /** The connection choice changed: the host restarts the app if it can. */
  'app.restartRequested': type<{ reason: string }>(),
} as const;
