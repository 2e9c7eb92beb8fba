import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testPlaceProblems } from '../../helpers/test-places.ts';
import { tempDir } from '../../helpers/core.ts';

// The stand-in trees spell the helpers' declarations in pieces, so that this file declares none.
const declared = (keyword: string, name: string) => `export ${keyword} ${name}() {}\n`;

describe('where a test lives (docs/development.md)', () => {
  const dir = tempDir('roadcam-test-places-');
  afterAll(() => dir.remove());
  const tree = (name: string, files: Record<string, string>): string => {
    const root = join(dir.path, name);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };
  const renderer = "import { x } from '../../../../src/renderer/wall/tour.ts';\n";

  it('accepts tests in their places: an area of tests/unit, the renderer mirrored, the service, e2e', () => {
    const root = tree('good', {
      'src/renderer/wall/tour.ts': 'export const x = 1;\n',
      'src/renderer/app-states.ts': 'export const y = 1;\n',
      'tests/unit/renderer/wall/tour.test.ts': renderer,
      'tests/unit/renderer/app-states.test.ts':
        "import { y } from '../../../src/renderer/app-states.ts';\n",
      'tests/unit/downloads/engine.test.ts':
        "import { z } from '../../../src/engine/downloads/x.ts';\n",
      'tests/service/media/frames.test.ts': '',
      'tests/e2e/wall.spec.ts': '',
      'tests/helpers/wait.ts': declared('function', 'waitFor') + declared('function', 'sleep'),
      'tests/bench/queue.ts': "import { waitFor } from '../helpers/wait.ts';\n",
    });
    expect(testPlaceProblems(root)).toEqual([]);
  });

  it('names a test out of place, a renderer test outside its mirror, a shared name, an own wait', () => {
    const root = tree('bad', {
      'src/renderer/wall/tour.ts': 'export const x = 1;\n',
      'src/renderer/wall/Tile.test.ts': '',
      'tests/unit/loose.test.ts': '',
      'tests/unit/wall/tour.test.ts': "import { x } from '../../../src/renderer/wall/tour.ts';\n",
      'tests/unit/renderer/map/tour-state.test.ts': renderer,
      'tests/unit/renderer/wall/units.test.ts':
        "import { u } from '../../../../src/shared/units.ts';\n",
      'tests/unit/cli/units.test.ts': '',
      'tests/service/cameras.test.ts': declared('const', 'until'),
      'tests/bench/media.ts': declared('function', 'sleep'),
      'tests/helpers/proxy.ts': `await new Promise((r) => ${'setTimeout'}(r, 5));\n`,
    });
    expect(testPlaceProblems(root)).toEqual([
      'src/renderer/wall/Tile.test.ts is outside the places of tests (tests/unit/<area>/, tests/service/, tests/e2e/)',
      'tests/bench/media.ts declares its own sleep: import it from tests/helpers/wait.ts',
      'tests/helpers/proxy.ts pauses with a timer of its own: use tests/helpers/wait.ts (waitFor, or sleep saying why)',
      'tests/service/cameras.test.ts declares its own until: import it from tests/helpers/wait.ts',
      'tests/unit/cli/units.test.ts and tests/unit/renderer/wall/units.test.ts share a name: rename them to say what each tests',
      'tests/unit/loose.test.ts sits loose in tests/unit/: put it in the folder of the area it tests',
      'tests/unit/renderer/map/tour-state.test.ts mirrors no folder of src/renderer/ (there is no src/renderer/map/)',
      'tests/unit/renderer/wall/units.test.ts tests no code of src/renderer/wall/ (it imports none): move it to the folder it tests',
      'tests/unit/wall/tour.test.ts tests renderer code (src/renderer/wall/tour.ts): it belongs in tests/unit/renderer/<its folder>/',
    ]);
  });

  it('the repository keeps the rule', () => {
    expect(testPlaceProblems(join(import.meta.dirname, '../../..'))).toEqual([]);
  });
});
