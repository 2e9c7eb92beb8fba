/**
 * A progress bar moves by scaling its fill, never by resizing it: a list of rows whose bars
 * all move at once then costs the compositor alone, with no layout of the rows on each frame.
 */
import { render, screen } from '@testing-library/svelte';
import { expect, test } from 'vitest';
import ProgressBar from '../../../../src/renderer/downloads/ProgressBar.svelte';

function fillOf(value: number | null): HTMLElement {
  render(ProgressBar, { props: { value, label: `Progress ${value}` } });
  const bar = screen.getByRole('progressbar', { name: `Progress ${value}` });
  return bar.firstElementChild as HTMLElement;
}

test('the fill is scaled to the value, its width left alone', () => {
  const fill = fillOf(42);
  expect(fill.style.transform).toBe('scaleX(0.42)');
  expect(fill.style.width).toBe('');
});

test('an unknown size shows an empty bar, and no value to a screen reader', () => {
  const fill = fillOf(null);
  expect(fill.style.transform).toBe('scaleX(0)');
  const bar = screen.getByRole('progressbar', { name: 'Progress null' });
  expect(bar.getAttribute('aria-valuenow')).toBeNull();
});
