/**
 * Shapes the interface leaves open, as a variant answers them: Observation Show beyond being a
 * Feature (`observationShow: 'flat'`: flat properties like the worldwide snapshot), and the
 * contents of the session's roles and context (`session: 'other'`).
 */
import type { Observation, SessionResponse } from '../../shared/api/index.ts';

/** The observation with `sensor.<type>` numbers in place of `sensors` (no previous values). */
export function flatObservation(o: Observation): unknown {
  const { sensors, ...rest } = o.properties;
  const flat: Record<string, unknown> = { ...rest };
  for (const [type, reading] of Object.entries(sensors)) {
    if (reading) flat[`sensor.${type}`] = reading.data;
  }
  return { ...o, properties: flat };
}

/**
 * Roles as objects, a context of nested objects without our fields (client_id, issued_at,
 * expires_at): a session another provider could answer.
 */
export function otherSession(ours: SessionResponse): unknown {
  return {
    name: ours.name,
    roles: ours.roles.map((name) => ({ name, scopes: ['read', 'write'] })),
    context: { account: { plan: 'evaluation', region: 'us' }, limits: { tokens_per_day: 100 } },
    expires_in: ours.expires_in,
  };
}
