import type express from 'express';

export interface RouteEntry {
  method: string;
  path: string;
}

interface LayerLike {
  rawPath?: string | string[] | RegExp;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

function paths(raw: LayerLike['rawPath']): string[] {
  if (raw === undefined || raw instanceof RegExp) return [''];
  return (Array.isArray(raw) ? raw : [raw]).map((p) => (p === '/' ? '' : p));
}

/** Every route the app answers, as "METHOD /path" with the mount paths of nested routers joined (Express 5 router). */
export function listRoutes(app: express.Express): RouteEntry[] {
  const found: RouteEntry[] = [];
  const walk = (stack: LayerLike[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const routePath of Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path]) {
          for (const method of Object.keys(layer.route.methods))
            found.push({ method: method.toUpperCase(), path: normalise(`${prefix}${routePath}`) });
        }
      } else if (layer.handle?.stack) {
        for (const mount of paths(layer.rawPath)) walk(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: LayerLike[] } }).router.stack, '');
  const unique = new Map(found.map((r) => [`${r.method} ${r.path}`, r]));
  return [...unique.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/**
 * `router.get('/')` mounted at /x lists as "/x/": drop the trailing slash so the table reads like the URLs callers use.
 */
function normalise(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
