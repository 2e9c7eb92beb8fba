import { fireEvent, render, screen } from '@testing-library/svelte';
import { expect, test } from 'vitest';
import { apiContext } from '../../../../src/renderer/lib/context.ts';
import { fakeApi } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import HelpSection from '../../../../src/renderer/settings/HelpSection.svelte';

test('the desktop app: Show logs and Save diagnostics…, the saved zip said, a failure in words', async () => {
  const api = fakeApi({
    'diagnostics.info': () => ({ logsDir: '/data/logs', desktop: true }),
    'diagnostics.save': () => ({ path: '/home/me/Downloads/roadcam-diagnostics.zip', bytes: 2048 }),
    'diagnostics.showLogs': () => {
      throw new Error('The logs folder /data/logs could not be opened: no file manager.');
    },
  });
  render(HelpSection, { context: contextOf(provided(apiContext, api)) });
  await fireEvent.click(await screen.findByRole('button', { name: 'Save diagnostics…' }));
  expect(
    await screen.findByText(
      /Saved to \/home\/me\/Downloads\/roadcam-diagnostics\.zip \(2\.0 KB\)\./,
    ),
  ).toBeTruthy();
  await fireEvent.click(screen.getByRole('button', { name: 'Show logs' }));
  expect((await screen.findByRole('alert')).textContent).toMatch(
    /The logs were not shown.*no file manager/,
  );
  expect(screen.queryByRole('link', { name: 'Save diagnostics…' })).toBeNull();
});

test('crash dumps go in only when ticked: the desktop save and the browser link say so', async () => {
  const asked: unknown[] = [];
  const api = fakeApi({
    'diagnostics.info': () => ({ logsDir: '/data/logs', desktop: true }),
    'diagnostics.save': (input) => {
      asked.push(input);
      return { path: '/tmp/d.zip', bytes: 10 };
    },
  });
  render(HelpSection, { context: contextOf(provided(apiContext, api)) });
  const save = await screen.findByRole('button', { name: 'Save diagnostics…' });
  const tick = screen.getByRole('checkbox', { name: /Include crash dumps/ });
  expect((tick as HTMLInputElement).checked).toBe(false);
  await fireEvent.click(save);
  await fireEvent.click(tick);
  await fireEvent.click(save);
  await screen.findByText(/Saved to \/tmp\/d\.zip/);
  expect(asked).toEqual([{ includeCrashDumps: false }, { includeCrashDumps: true }]);
});

test('browser mode: a ticked box adds the crash dumps to the download link', async () => {
  const api = fakeApi({ 'diagnostics.info': () => ({ logsDir: '/data/logs', desktop: false }) });
  history.replaceState(null, '', '/?token=page-token'); // as browser mode opens the page
  render(HelpSection, { context: contextOf(provided(apiContext, api)) });
  const link = await screen.findByRole('link', { name: 'Save diagnostics…' });
  expect(link.getAttribute('href')).toBe('/diagnostics/page-token/');
  await fireEvent.click(screen.getByRole('checkbox', { name: /Include crash dumps/ }));
  expect(link.getAttribute('href')).toBe('/diagnostics/page-token/?crash-dumps=1');
});

test('browser mode: the logs folder to copy, and the zip as a download link', async () => {
  const api = fakeApi({ 'diagnostics.info': () => ({ logsDir: '/data/logs', desktop: false }) });
  history.replaceState(null, '', '/?token=page-token'); // as browser mode opens the page
  render(HelpSection, { context: contextOf(provided(apiContext, api)) });
  expect(((await screen.findByLabelText('Logs folder')) as HTMLInputElement).value).toBe(
    '/data/logs',
  );
  const link = screen.getByRole('link', { name: 'Save diagnostics…' });
  expect(link.getAttribute('href')).toBe('/diagnostics/page-token/');
  expect(link.hasAttribute('download')).toBe(true);
  expect(screen.queryByRole('button', { name: 'Show logs' })).toBeNull();
});
