/** The tour's keys (tour-keys.ts) on real DOM elements: what each key does, and where it does not. */
import { describe, expect, test } from 'vitest';
import { tourKeyAction } from '../../../../src/renderer/wall/tour-keys.ts';

function element(html: string, selector: string): Element {
  document.body.innerHTML = html;
  return document.querySelector(selector)!;
}

describe('tour keys', () => {
  test('on the page: Space pauses, arrows and , . step', () => {
    const body = document.body;
    expect(tourKeyAction(' ', body)).toBe('pause');
    expect(tourKeyAction('ArrowRight', body)).toBe('next');
    expect(tourKeyAction('ArrowLeft', body)).toBe('previous');
    expect(tourKeyAction('.', body)).toBe('next');
    expect(tourKeyAction(',', body)).toBe('previous');
    expect(tourKeyAction('x', body)).toBeNull();
  });

  test('fields, buttons, tiles and the layout buttons keep their own keys', () => {
    expect(tourKeyAction(' ', element('<input>', 'input'))).toBeNull();
    expect(tourKeyAction('.', element('<textarea></textarea>', 'textarea'))).toBeNull();
    expect(tourKeyAction(' ', element('<button>Next</button>', 'button'))).toBeNull();
    const tile = element('<div data-tile="0"><span>t</span></div>', 'span');
    expect(tourKeyAction('ArrowRight', tile)).toBeNull();
    expect(tourKeyAction(' ', tile)).toBe('pause');
    expect(tourKeyAction('.', tile)).toBe('next');
    const layout = element(
      '<div role="radiogroup"><button role="radio">2</button></div>',
      'button',
    );
    expect(tourKeyAction('ArrowLeft', layout)).toBeNull();
  });
});
