import { arch, platform, release } from 'node:os';
import { appVersion } from '../version.ts';

/**
 * What support asks first: which Roadcam, on which Electron, Chromium and Node, on which system,
 * with its data where. Electron adds its own and Chromium's versions to `process.versions` in
 * the main process; browser mode and the CLI run on plain Node, and say so.
 */
export function versionFacts(
  dataDir: string,
  versions: NodeJS.ProcessVersions & { electron?: string; chrome?: string } = process.versions,
): Record<string, string> {
  return {
    roadcam: appVersion,
    electron: versions.electron ?? 'none (browser mode or the command line)',
    chromium: versions.chrome ?? 'none (browser mode or the command line)',
    node: versions.node,
    platform: `${platform()} ${release()} (${arch()})`,
    dataFolder: dataDir,
  };
}

/** The first line of a start in the log. */
export function startupLine(facts: Record<string, string>): string {
  return `Roadcam ${facts.roadcam} starting: Electron ${facts.electron}, Chromium ${facts.chromium}, Node ${facts.node}, ${facts.platform}; data in ${facts.dataFolder}`;
}
