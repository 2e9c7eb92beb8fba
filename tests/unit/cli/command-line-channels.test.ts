/**
 * The command line's own channels (src/shared/ipc/command-line.ts) are answered on its
 * transport only: the dispatcher that the desktop's IPC and browser mode's socket call refuses
 * them as unknown, and the contract's list of channels (which those transports register) has
 * none of them. On the command line's transport a wrong input is refused by the same check.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { channelNames, IpcError } from '../../../src/shared/ipc.ts';
import { commandLineChannels } from '../../../src/shared/ipc/command-line.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import { startOfflineCore } from '../../helpers/core.ts';

describe("the command line's own channels", async () => {
  const core = await startOfflineCore();
  afterAll(() => core.cleanup());
  const own = Object.keys(commandLineChannels);

  it('are not channels of the contract, so no renderer transport registers them', () => {
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((name) => (channelNames as string[]).includes(name))).toEqual([]);
  });

  it("are refused by the renderers' dispatcher and answered on the command line's transport", async () => {
    for (const name of own) {
      const answer = await core.dispatch(name, {});
      expect(answer).toEqual({
        ok: false,
        error: expect.objectContaining({ code: 'unknown_channel' }),
      });
    }
    const wrong = core.commandLine.invoke('cli.show', { kind: 'bridges', id: 'x' } as never);
    await expect(wrong).rejects.toThrow(IpcError);
    await expect(wrong).rejects.toThrow(/Invalid input for cli\.show: kind/);
  });

  it("refuse a file that is not a full path, said in the user's language", async () => {
    const relative = await core.commandLine
      .invoke('cli.diagnostics.save', { out: 'support.zip', replace: false, crashDumps: false })
      .catch((error: IpcError) => error);
    expect((relative as IpcError).message).toBe('The file must be a full path, not "support.zip".');
    expect((await loadTranslator('de')).say((relative as IpcError).said!)).toBe(
      'Die Datei muss ein vollständiger Pfad sein, nicht „support.zip“.',
    );
  });
});
