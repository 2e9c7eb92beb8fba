// Makes the tray icons from the app icon (resources/icon.png) and the camera silhouette
// (trayTemplate.svg, for the macOS menu bar), at 16 px and at 32 px for 2x displays:
// `node src/desktop/tray/icons/make-icons.mjs`; the PNGs are committed beside this script. They
// live here, not in resources/ (the main build's public folder, which installers do not carry),
// so the build copies them into out/main with the code that loads them.
import { join } from 'node:path';
import sharp from 'sharp';

const here = import.meta.dirname;
for (const [size, suffix] of [
  [16, ''],
  [32, '@2x'],
]) {
  await sharp(join(here, '../../../../resources/icon.png'))
    .resize(size, size)
    .png()
    .toFile(join(here, `tray${suffix}.png`));
  await sharp(join(here, 'trayTemplate.svg'), { density: 72 * (size / 32) * 4 })
    .resize(size, size)
    .png()
    .toFile(join(here, `trayTemplate${suffix}.png`));
}
