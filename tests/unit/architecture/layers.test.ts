/**
 * The layers ESLint checks (scripts/eslint-layers.js): the table's decisions on the imports the
 * layout exists for, and the rule itself run by ESLint on a file that breaks one.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import layers, { layerOf, refusal } from '../../../scripts/eslint-layers.js';

describe('the layers of src/', () => {
  it('keeps the network below the API client, and both below the connection check', () => {
    expect(refusal('src/engine/net/network.ts', 'src/engine/api/errors.ts')).toMatch(/lowest/);
    expect(refusal('src/engine/net/http1/client.ts', 'src/engine/net/proxy.ts')).toBeNull();
    expect(refusal('src/engine/api/client.ts', 'src/engine/net/network.ts')).toBeNull();
    expect(refusal('src/engine/api/client.ts', 'src/engine/diagnostics/bundle.ts')).toMatch(
      /diagnostics and the connection check sit above/,
    );
    expect(refusal('src/engine/api/client.ts', 'src/engine/connection/check.ts')).not.toBeNull();
    expect(refusal('src/engine/connection/check.ts', 'src/engine/api/client.ts')).toBeNull();
    expect(refusal('src/engine/diagnostics/bundle.ts', 'src/engine/net/network.ts')).toBeNull();
  });

  it('lets a front end use the engine only through its public face', () => {
    for (const front of ['src/desktop/index.ts', 'src/web/host.ts', 'src/cli/main.ts']) {
      expect(refusal(front, 'src/engine/index.ts')).toBeNull();
      expect(refusal(front, 'src/engine/light.ts')).toBeNull();
      expect(refusal(front, 'src/engine/core.ts')).toMatch(/public face/);
      expect(refusal(front, 'src/shared/ipc.ts')).toBeNull();
    }
    expect(refusal('src/desktop/index.ts', 'src/cli/args.ts')).not.toBeNull();
    expect(refusal('src/web/host.ts', 'src/desktop/kiosk.ts')).not.toBeNull();
    expect(refusal('src/cli/web.ts', 'src/web/host.ts')).toBeNull();
    expect(refusal('src/cli/web.ts', 'src/web/socket.ts')).not.toBeNull();
  });

  it('keeps the engine free of its front ends and of its own face', () => {
    expect(refusal('src/engine/core.ts', 'src/desktop/index.ts')).toMatch(/imports none of them/);
    expect(refusal('src/engine/core.ts', 'src/cli/args.ts')).not.toBeNull();
    expect(refusal('src/engine/features/app.ts', 'src/engine/index.ts')).toMatch(/front ends/);
    expect(refusal('src/engine/features/app.ts', 'src/engine/light.ts')).toMatch(/front ends/);
    expect(refusal('src/engine/demo.ts', 'src/service/index.ts')).toBeNull();
  });

  it('keeps src/shared pure, the renderer a page, the service apart from the client', () => {
    expect(refusal('src/shared/ipc.ts', 'src/engine/core.ts')).not.toBeNull();
    expect(refusal('src/renderer/App.svelte', 'src/engine/core.ts')).toMatch(/web page/);
    expect(refusal('src/renderer/App.svelte', 'src/shared/ipc.ts')).toBeNull();
    expect(refusal('src/service/index.ts', 'src/engine/api/client.ts')).toMatch(/stand-in/);
    expect(refusal('src/preload/index.ts', 'src/engine/index.ts')).not.toBeNull();
    expect(layerOf('tests/unit/x.test.ts')).toBeUndefined();
  });

  it('is what ESLint reports, in words, on a file that reaches past a layer', async () => {
    // The rule alone (the project's config would type-check a file that does not exist).
    const eslint = new ESLint({
      cwd: process.cwd(),
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts'], plugins: { layers }, rules: { 'layers/layers': 'error' } },
      ],
    });
    const code =
      "import { ApiClient } from '../api/client.ts';\nexport const client = ApiClient;\n";
    const [result] = await eslint.lintText(code, { filePath: 'src/engine/net/breaks-layers.ts' });
    const messages = result!.messages.filter((m) => m.ruleId === 'layers/layers');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain('Imports src/engine/api/client.ts.');
  });
});
