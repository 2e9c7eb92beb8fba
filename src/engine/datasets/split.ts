/**
 * Train, validation and test by camera: a camera's images are all in one split, so a model is
 * never tested on a camera it was trained on. Cameras are taken in their seeded order and each
 * goes where the images so far fall furthest short of the ratios, so the splits' sizes come
 * close to the ratios in images, not only in cameras.
 */
import { DATASET_SPLITS, type DatasetSplit } from '../../shared/ipc/datasets.ts';
import { seededOrder } from './sample.ts';

export function splitByCamera(
  imagesPerCamera: ReadonlyMap<string, number>,
  ratios: readonly [number, number, number],
  seed: number,
): Map<string, DatasetSplit> {
  const cameras = seededOrder([...imagesPerCamera.keys()], seed, (c) => c);
  const taken = [0, 0, 0];
  let total = 0;
  const out = new Map<string, DatasetSplit>();
  for (const camera of cameras) {
    const n = imagesPerCamera.get(camera)!;
    total += n;
    // The split whose share after this camera would be furthest under its ratio.
    let best = -1;
    let shortfall = -Infinity;
    for (let i = 0; i < 3; i++) {
      if (ratios[i]! <= 0) continue;
      const short = ratios[i]! * total - taken[i]!;
      if (short > shortfall) [best, shortfall] = [i, short];
    }
    taken[best] = taken[best]! + n;
    out.set(camera, DATASET_SPLITS[best]!);
  }
  return out;
}
