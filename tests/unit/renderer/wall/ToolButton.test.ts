/**
 * The wall toolbar's buttons keep their words when a narrow toolbar shows only their icons: the
 * name is the button's accessible name (what a screen reader and the e2e specs find), the
 * tooltip says the hint or else the name, and a toggle says whether it is on.
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, test, vi } from 'vitest';
import ToolButton from '../../../../src/renderer/wall/ToolButton.svelte';

describe('a wall toolbar button', () => {
  test('is named by its words, its tooltip the hint, its icon hidden from screen readers', async () => {
    const onclick = vi.fn();
    render(ToolButton, {
      props: { icon: 'record', label: 'Record all tiles', hint: 'Record every camera', onclick },
    });
    const button = screen.getByRole('button', { name: 'Record all tiles' });
    expect(button.title).toBe('Record every camera');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(button.hasAttribute('aria-pressed')).toBe(false);
    await fireEvent.click(button);
    expect(onclick).toHaveBeenCalledOnce();
  });

  test('an icon-only button is still named, and its tooltip is its name when it has no hint', () => {
    render(ToolButton, { props: { icon: 'delete', label: 'Delete', iconOnly: true } });
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.title).toBe('Delete');
    expect(button.querySelector('.word')?.classList.contains('sr-only')).toBe(true);
  });

  test('a toggle says whether it is on, and a disabled one is said so', () => {
    render(ToolButton, { props: { icon: 'tour', label: 'Tour', on: true } });
    render(ToolButton, { props: { icon: 'rewind', label: 'Rewind', on: false, disabled: true } });
    expect(screen.getByRole('button', { name: 'Tour', pressed: true })).toBeTruthy();
    const rewind = screen.getByRole('button', { name: 'Rewind', pressed: false });
    expect((rewind as HTMLButtonElement).disabled).toBe(true);
  });
});
