import { fileURLToPath } from 'node:url';

/**
 * Where `npm run build` writes the bundled page: dist/web/assets. This module sits two folders
 * below the package root both as source (src/web) and compiled (dist/web), so one relative path
 * serves both.
 */
export function builtAssetsFolder(): string {
  return fileURLToPath(new URL('../../dist/web/assets/', import.meta.url));
}

/**
 * The collections bundled with the package, served when `sokoban serve` is given no levels:
 * the public collections first (what most visitors came for), then our small examples.
 */
export function bundledLevelInputs(): string[] {
  const folder = fileURLToPath(new URL('../../levels/', import.meta.url));
  return [`${folder}*.xsb`, `${folder}examples`];
}
