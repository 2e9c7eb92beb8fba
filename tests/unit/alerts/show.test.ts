import { describe, expect } from 'vitest';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';

// alerts.show through the core's own transport, against the embedded service.
describe('alerts.show', () => {
  test('answers an expired alert that no current search lists, as the service shows it', async ({
    core,
  }) => {
    const expired = await core.client.alerts.search({ expired: 'true', limit: 1 });
    expect(expired.properties.total).toBeGreaterThan(0);
    const id = expired.features[0]!.id;
    const current = await core.client.alerts.search({ limit: 100 });
    expect(current.features.map((a) => a.id)).not.toContain(id);

    const alert = await core.api.invoke('alerts.show', { id });
    expect(alert.id).toBe(id);
    expect(alert).toEqual(await core.client.alerts.show(id));
  });

  test('says in words that an unknown alert does not exist', async ({ core }) => {
    await expect(core.api.invoke('alerts.show', { id: 'no-such-alert' })).rejects.toThrow(
      /alert no-such-alert failed: No alert with id "no-such-alert"/,
    );
  });

  test('refuses an empty id before calling the service', async ({ core }) => {
    await expect(core.api.invoke('alerts.show', { id: ' ' })).rejects.toThrow(
      /Invalid input for alerts\.show: id/,
    );
  });
});
