import { readFile, readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';

/** A file of the built page, held in memory: the page is a few small files, read once at start. */
export interface Asset {
  readonly contentType: string;
  readonly body: Buffer;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/**
 * The page's icon, drawn in its own colours: a box on the floor inside a wall. Served by the
 * server itself at /favicon.svg (which the page links) and at /favicon.ico (which browsers ask
 * for on their own), so that neither answers 404, built page or not. It is an image only: no
 * script, no link, nothing loaded from anywhere.
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">' +
  '<rect width="16" height="16" rx="3" fill="#5a4a3a"/>' +
  '<rect x="2" y="2" width="12" height="12" rx="1" fill="#e9e2d0"/>' +
  '<rect x="4" y="4" width="8" height="8" rx="1.5" fill="#d99a2b" stroke="#7a5516"/>' +
  '</svg>\n';

const FAVICON: Asset = { contentType: 'image/svg+xml', body: Buffer.from(FAVICON_SVG) };

/**
 * The built page's files by URL path ("/" is index.html), plus the icon. Only files found in the
 * folder at start are ever served, so no request path can reach outside it. A missing folder gives
 * the icon alone: the API still works, and the page says how to build itself.
 */
export async function loadAssets(folder: string): Promise<ReadonlyMap<string, Asset>> {
  const assets = new Map<string, Asset>([
    ['/favicon.svg', FAVICON],
    ['/favicon.ico', FAVICON],
  ]);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return assets;
  }
  for (const name of names) {
    const contentType = CONTENT_TYPES[extname(name)];
    if (contentType === undefined) continue;
    const body = await readFile(join(folder, name));
    assets.set(`/${name}`, { contentType, body });
    if (name === 'index.html') assets.set('/', { contentType, body });
  }
  return assets;
}

/** Shown at "/" when the front end has not been built, instead of a bare 404. */
export const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>sokoban</title><p>The page is not built yet: run <code>npm run build</code>. The JSON API under /api/ works.</p>';
