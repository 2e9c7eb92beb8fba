import { fireEvent, render, screen } from '@testing-library/svelte';
import { expect, test } from 'vitest';
import { fakeApi } from '../../../../src/renderer/testing/fake-api.ts';
import ReloadNotice from '../../../../src/renderer/shell/ReloadNotice.svelte';
import { sleep } from '../../../helpers/wait.ts';

test('after a reload for a stopped renderer the page says so, until dismissed', async () => {
  const api = fakeApi({
    'diagnostics.takeNotice': () =>
      'The window stopped unexpectedly (it crashed) and was reloaded.',
  });
  render(ReloadNotice, { props: { api } });
  expect((await screen.findByRole('alert')).textContent).toMatch(
    /^The window stopped unexpectedly \(it crashed\) and was reloaded\. If it happens again/,
  );
  await fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByRole('alert')).toBeNull();
});

test('after an ordinary start it shows nothing', async () => {
  const api = fakeApi({ 'diagnostics.takeNotice': () => null });
  render(ReloadNotice, { props: { api } });
  await sleep(20); // time for a notice to come if there were one: none may
  expect(api.calls).toHaveLength(1);
  expect(screen.queryByRole('alert')).toBeNull();
});
