import { describe, expect, it } from 'vitest';
import { closeBeforeQuit, type QuittingApp } from '../../../src/desktop/electron/quit.ts';
import { sleep } from '../../helpers/wait.ts';

/** Electron's app as far as quitting goes: quit() emits before-quit, which may prevent it. */
function fakeApp() {
  let listener: (event: { preventDefault(): void }) => void = () => {};
  const app = {
    quits: 0,
    exited: false,
    on(_event: 'before-quit', l: typeof listener) {
      listener = l;
    },
    quit() {
      app.quits++;
      let prevented = false;
      listener({ preventDefault: () => (prevented = true) });
      if (!prevented) app.exited = true;
    },
  } satisfies QuittingApp & Record<string, unknown>;
  return app;
}

/** A moment for quitting's chain of promises to run; inside the 20 ms limit one test sets. */
const tick = () => sleep(5);

describe('quitting the desktop app', () => {
  it('waits for the core to close, then quits once', async () => {
    const app = fakeApp();
    let finish = () => {};
    let closes = 0;
    closeBeforeQuit(
      app,
      () => {
        closes++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      () => {},
    );
    app.quit();
    app.quit(); // a second Cmd+Q while closing
    await tick();
    expect(app.exited).toBe(false);
    finish();
    await tick();
    expect(app.exited).toBe(true);
    expect(closes).toBe(1);
    expect(app.quits).toBe(3);
  });

  it('quits after a close that failed, saying so', async () => {
    const app = fakeApp();
    const lines: string[] = [];
    closeBeforeQuit(
      app,
      () => Promise.reject(new Error('disk gone')),
      (l) => lines.push(l),
    );
    app.quit();
    await tick();
    expect(app.exited).toBe(true);
    expect(lines).toEqual(['quitting without a clean close: Error: disk gone']);
  });

  it('quits after a close that hangs, past the limit', async () => {
    const app = fakeApp();
    const lines: string[] = [];
    closeBeforeQuit(
      app,
      () => new Promise(() => {}),
      (l) => lines.push(l),
      { limitMs: 20 },
    );
    app.quit();
    await tick();
    expect(app.exited).toBe(false);
    await sleep(40); // past the 20 ms limit: time running out is the point
    expect(app.exited).toBe(true);
    expect(lines[0]).toMatch(/did not close within 0.02 s/);
  });

  it('asks first: a Cancel closes nothing and keeps running, and the next quit asks again', async () => {
    const app = fakeApp();
    const answers = [false, true];
    let asked = 0;
    let closes = 0;
    const quitting = closeBeforeQuit(
      app,
      () => {
        closes++;
        return Promise.resolve();
      },
      () => {},
      { confirm: () => Promise.resolve(answers[asked++]!) },
    );
    app.quit();
    app.quit(); // a second Cmd+Q while the question is open: the same question
    await tick();
    expect({ asked, closes, exited: app.exited, confirmed: quitting.confirmed }).toEqual({
      asked: 1,
      closes: 0,
      exited: false,
      confirmed: false,
    });
    app.quit();
    expect(quitting.confirmed).toBe(false);
    await tick();
    expect({ asked, closes, exited: app.exited, confirmed: quitting.confirmed }).toEqual({
      asked: 2,
      closes: 1,
      exited: true,
      confirmed: true,
    });
  });

  it('quits when the question cannot be asked, saying why', async () => {
    const app = fakeApp();
    const lines: string[] = [];
    closeBeforeQuit(
      app,
      () => Promise.resolve(),
      (l) => lines.push(l),
      { confirm: () => Promise.reject(new Error('no display')) },
    );
    app.quit();
    await tick();
    expect(app.exited).toBe(true);
    expect(lines).toEqual(['could not ask before quitting, quitting: Error: no display']);
  });

  it('quits without asking for a restart chosen in Settings', async () => {
    const app = fakeApp();
    let asked = 0;
    const quitting = closeBeforeQuit(
      app,
      () => Promise.resolve(),
      () => {},
      {
        confirm: () => {
          asked++;
          return Promise.resolve(false);
        },
      },
    );
    quitting.quitWithoutAsking();
    expect(quitting.confirmed).toBe(true);
    await tick();
    expect({ asked, exited: app.exited }).toEqual({ asked: 0, exited: true });
  });
});
