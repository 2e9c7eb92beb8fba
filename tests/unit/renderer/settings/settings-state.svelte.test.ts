/**
 * Settings' fields (src/renderer/settings/settings.svelte.ts) against a real demo core: a value
 * against its rule is said at its field in words and never sent (the engine keeps the old one),
 * a good one is saved and said so, and a refusal that still comes back is said in words.
 */
import { afterEach, describe, expect } from 'vitest';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { RouteState } from '../../../../src/renderer/route/route.svelte.ts';
import { SettingsState } from '../../../../src/renderer/settings/settings.svelte.ts';
import { toKm } from '../../../../src/shared/units.ts';
import { test } from '../../../helpers/renderer-core.ts';
import { waitFor } from '../../../helpers/wait.ts';

afterEach(() => words.use('en'));

describe('the settings state', () => {
  test('a refused value is said at its field and not saved; a good one is', async ({ core }) => {
    const settings = new SettingsState(core.api);
    await waitFor(() => settings.current !== null, { what: 'the settings to load' });

    expect(await settings.update({ answerDeadlineSeconds: -5 })).toBeUndefined();
    expect(settings.problems).toEqual({
      answerDeadlineSeconds: 'Give the service at least 5 seconds to answer: type 5 or more.',
    });
    expect(settings.saved).toEqual({});
    expect((await core.api.invoke('settings.get', {})).answerDeadlineSeconds).toBe(60);
    // A note already shown follows a change of language.
    await words.use('de');
    expect(settings.problems.answerDeadlineSeconds).toMatch(/^Geben Sie dem Dienst mindestens 5/);
    await words.use('en');

    // Typed again: said at once; corrected, the note goes and the value is saved.
    settings.typing('answerDeadlineSeconds', 2);
    expect(settings.problems.answerDeadlineSeconds).toMatch(/^Give the service at least 5/);
    settings.typing('answerDeadlineSeconds', 90);
    expect(settings.problems).toEqual({});
    expect(await settings.update({ answerDeadlineSeconds: 90 })).toMatchObject({
      answerDeadlineSeconds: 90,
    });
    expect(settings.saved).toEqual({ answerDeadlineSeconds: true });
    expect((await core.api.invoke('settings.get', {})).answerDeadlineSeconds).toBe(90);

    // A relative download folder is refused, not kept as typed.
    expect(await settings.update({ downloadFolder: 'downloads/here' })).toBeUndefined();
    expect(settings.problems.downloadFolder).toMatch(/^Type the full path of a folder/);
    expect((await core.api.invoke('settings.get', {})).downloadFolder).toBe('');
    settings.dispose();
  });

  test("the engine's own refusal of the contract is said at the field, in words", async ({
    core,
  }) => {
    const settings = new SettingsState(core.api);
    // An engine that holds a rule this page does not know: its raw text stays out of sight.
    const answer = await settings.fields.send({ liveRefreshSeconds: 5 }, () =>
      core.api.invoke('settings.update', { liveRefreshSeconds: 1 }),
    );
    expect(answer).toBeUndefined();
    expect(settings.problems).toEqual({
      liveRefreshSeconds:
        'Roadcam could not use a value given here: check the fields and try again.',
    });
    expect(settings.saved).toEqual({});
    settings.dispose();
  });

  test("the route's default buffer reads round in the user's unit; a chosen one stays", async ({
    core,
  }) => {
    let unit: 'km' | 'mi' = 'mi';
    const route = new RouteState(core.api, () => unit);
    expect(route.bufferKm).toBe(toKm(0.5, 'mi'));
    unit = 'km';
    expect(route.bufferKm).toBe(1);
    await route.setBuffer(3);
    unit = 'mi';
    expect(route.bufferKm).toBe(3);
  });
});
