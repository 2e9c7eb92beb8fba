import { describe, expect, it } from 'vitest';
import { conditionTargetSchema } from '../../../../src/shared/ipc/conditions.ts';
import { targetFromForm } from '../../../../src/renderer/alerts/condition-target.ts';

describe('targetFromForm', () => {
  it('reads camera ids, and a box as the polygon a watched area is', () => {
    expect(targetFromForm(' A, B ,,')).toEqual({ cameraIds: ['A', 'B'] });
    const box = targetFromForm('-106,39,-104,41');
    expect(box).toEqual({
      area: {
        polygon: [
          [-106, 39],
          [-104, 39],
          [-104, 41],
          [-106, 41],
        ],
      },
    });
    expect(conditionTargetSchema().safeParse(box).success).toBe(true);
  });

  it('says what is wrong with a box turned round, too many cameras, or nothing', () => {
    expect(targetFromForm('-104,39,-106,41')).toMatch(/west below east/);
    expect(targetFromForm(Array.from({ length: 21 }, (_, i) => `C${i}`).join(','))).toMatch(
      /up to 20 cameras/,
    );
    expect(targetFromForm(' , ')).toMatch(/Name the cameras/);
  });
});
