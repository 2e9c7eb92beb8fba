/**
 * Camera names for the lists that know only camera ids (a recording names its camera by id):
 * asked of the engine, which keeps cameras by id in its cache, and remembered for the page.
 */
import { MAX_CAMERAS_BY_ID } from '../../shared/ipc/cameras.ts';
import type { Api } from '../../shared/ipc.ts';

export class CameraNames {
  #names = $state.raw<Record<string, string>>({});
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  /** The camera's name, or its id while (or when) no name is known. */
  of(cameraId: string): string {
    return this.#names[cameraId] ?? cameraId;
  }

  /** Whether a name, not just the id, is known. */
  has(cameraId: string): boolean {
    return cameraId in this.#names;
  }

  /**
   * Learns the names of these cameras. A failure (offline, a camera gone) leaves their ids shown:
   * a name is a help to read the list, and the list is whole without it.
   */
  async load(cameraIds: readonly string[]): Promise<void> {
    const wanted = cameraIds.filter((id, i) => !this.has(id) && cameraIds.indexOf(id) === i);
    for (let i = 0; i < wanted.length; i += MAX_CAMERAS_BY_ID) {
      const ids = wanted.slice(i, i + MAX_CAMERAS_BY_ID);
      const answer = await this.#api.invoke('cameras.byIds', { ids }).catch(() => null);
      if (!answer) return;
      const learnt = Object.fromEntries(answer.cameras.map((c) => [c.id, c.name]));
      this.#names = { ...this.#names, ...learnt };
    }
  }
}
