/**
 * The desktop wall's "Open on display…": the displays the shell lists, numbered from the left
 * with their size and the main one said, and the one clicked asked for with the Kiosk choice;
 * a refusal from the shell is shown in its words.
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, test, vi } from 'vitest';
import { apiContext } from '../../../../src/renderer/lib/context.ts';
import { fakeApi, type Answers } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import OpenOnDisplay from '../../../../src/renderer/wall/OpenOnDisplay.svelte';

const displays = [
  { number: 1, width: 1920, height: 1080, primary: true },
  { number: 2, width: 2560, height: 1440, primary: false },
];

function open(answers: Answers) {
  const api = fakeApi({ 'walls.displays': () => displays, ...answers });
  render(OpenOnDisplay, { props: { wallId: 7 }, context: contextOf(provided(apiContext, api)) });
  return api;
}

describe('Open on display', () => {
  test('lists the displays and puts the wall on the one chosen, as a kiosk when asked', async () => {
    const api = open({ 'walls.showOnDisplay': () => ({ shown: true }) });
    await fireEvent.click(screen.getByRole('button', { name: 'Open on display…' }));
    await vi.waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Display 1: 1,920×1,080 (main)' })).toBeTruthy();
    await fireEvent.click(screen.getByRole('checkbox', { name: /^Kiosk/ }));
    await fireEvent.click(screen.getByRole('button', { name: 'Display 2: 2,560×1,440' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The wall is on display 2, and will be there again at the next start.',
      ),
    );
    expect(api.inputsOf('walls.showOnDisplay')).toEqual([{ wallId: 7, display: 2, kiosk: true }]);
  });

  test("the shell's refusal is shown in its words", async () => {
    open({
      'walls.showOnDisplay': () => {
        throw new Error('The wall was not opened: display "2" does not exist.');
      },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Open on display…' }));
    await fireEvent.click(await screen.findByRole('button', { name: /^Display 2/ }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The wall was not opened: display "2" does not exist.',
      ),
    );
  });
});
