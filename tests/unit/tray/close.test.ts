import { describe, expect, it } from 'vitest';
import { decideClose, quitQuestion, type CloseFacts } from '../../../src/desktop/tray/close.ts';

const facts = (over: Partial<CloseFacts> = {}): CloseFacts => ({
  quitting: false,
  platform: 'linux',
  running: 2,
  settings: { closeToTray: true, closeToTrayExplained: false },
  ...over,
});

describe('closing the window', () => {
  it('hides to the tray while downloads run, and explains it only the first time', () => {
    expect(decideClose(facts())).toEqual({ action: 'hide', explain: true });
    expect(
      decideClose(facts({ settings: { closeToTray: true, closeToTrayExplained: true } })),
    ).toEqual({ action: 'hide', explain: false });
    expect(decideClose(facts({ platform: 'darwin' })).action).toBe('hide');
    expect(decideClose(facts({ platform: 'win32' })).action).toBe('hide');
  });

  it('closes as before with nothing running, or once the app quits', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      expect(decideClose(facts({ platform, running: 0 }))).toEqual({
        action: 'close',
        explain: false,
      });
    }
    expect(decideClose(facts({ quitting: true }))).toEqual({ action: 'close', explain: false });
  });

  it('without the tray, turns the close into a quit (which asks) except on macOS', () => {
    const off = { closeToTray: false, closeToTrayExplained: false };
    expect(decideClose(facts({ settings: off }))).toEqual({ action: 'quit', explain: false });
    expect(decideClose(facts({ settings: off, platform: 'win32' })).action).toBe('quit');
    expect(decideClose(facts({ settings: off, platform: 'darwin' })).action).toBe('close');
  });
});

describe('the question before quitting', () => {
  it('is asked only while downloads run, in words, with Cancel as the escape', () => {
    expect(quitQuestion(0)).toBeNull();
    const three = quitQuestion(3)!;
    expect(`${three.message} ${three.detail}`).toBe(
      '3 downloads are running. Quit anyway? Their progress is kept and they resume on the next start.',
    );
    expect(three.buttons[three.cancelId]).toBe('Cancel');
    expect(three.buttons[three.defaultId]).toBe('Quit');
    expect(quitQuestion(1)!.message).toBe('1 download is running. Quit anyway?');
  });
});
