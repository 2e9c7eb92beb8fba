import { describe, expect, it } from 'vitest';
import {
  contrast,
  SEVERITY_ORDER,
  severityColour,
  textOn,
} from '../../../../src/renderer/map/colours.ts';

describe('severity badges', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBe(1);
    // The white-on-orange badge axe-core flagged (it reports 2.75 : 1).
    expect(contrast('#ffffff', '#ef7d1a')).toBeCloseTo(2.76, 2);
  });

  it.each([...SEVERITY_ORDER, 'Unknown', 'something new'])(
    'the text of a %s badge reads at 4.5 : 1 or better on its colour',
    (severity) => {
      const background = severityColour(severity);
      expect(contrast(textOn(background), background)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
