// Libraries the shell offers plugins only in part (see SHARED_PARTS), and the build-time check
// that a plugin imports nothing else from them. Used by the build factory (rspack.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the host offers of a library when plugins may use only part of it. react-router: the
 * declarative API, which is all a plugin page can use under the shell's <BrowserRouter> (data
 * routers, loaders, fetchers, SSR and RSC need a router the shell does not create). Offering
 * the whole package would keep every export of the router's modules in the shell's first page
 * (the modules the shell uses itself are the same modules); offering these keeps ~35 KB gz of
 * them out. The list is checked against what plugins import (checkSharedImports, run by every remote's build). */
export const SHARED_PARTS: Record<string, string[]> = {
  'react-router': [
    'Link', 'NavLink', 'Navigate', 'Outlet', 'Route', 'Routes', 'NavigationType',
    'createPath', 'createRoutesFromChildren', 'createRoutesFromElements', 'createSearchParams', 'generatePath', 'href',
    'isRouteErrorResponse', 'matchPath', 'matchRoutes', 'parsePath', 'renderMatches', 'resolvePath',
    'useBeforeUnload', 'useHref', 'useInRouterContext', 'useLinkClickHandler', 'useLocation', 'useMatch', 'useNavigate',
    'useNavigationType', 'useOutlet', 'useOutletContext', 'useParams', 'useResolvedPath', 'useRoutes', 'useSearchParams',
  ],
};

/** A remote may import from a library in SHARED_PARTS only the names the host offers: any
 * other would be undefined at run time, so the build stops with the file and the name. */
export function checkSharedImports(srcDir: string): void {
  const files = readdirSync(srcDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile() && /\.[cm]?[jt]sx?$/.test(f.name));
  for (const f of files) {
    const path = join(f.parentPath, f.name);
    const text = readFileSync(path, 'utf8');
    for (const [lib, offered] of Object.entries(SHARED_PARTS)) {
      const from = `\\s*from\\s*['"]${lib.replace(/[/.]/g, '\\$&')}['"]`;
      if (new RegExp(`import\\s*\\*\\s*as\\s+\\w+${from}|import\\s+\\w+\\s*(,\\s*\\{[^}]*\\})?${from}`).test(text)) {
        throw new Error(`${path}: import the names you use from '${lib}' ({ Link, useNavigate, ... }): plugins get only part of it from the shell`);
      }
      for (const m of text.matchAll(new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}${from}`, 'g'))) {
        if (m[1]) continue;
        for (const spec of m[2]!.split(',').map((x) => x.trim()).filter(Boolean)) {
          if (spec.startsWith('type ')) continue;
          const name = spec.split(/\s+as\s+/)[0]!;
          if (!offered.includes(name)) throw new Error(`${path}: '${name}' from '${lib}' is not offered to plugins by the shell (offered: ${offered.join(', ')})`);
        }
      }
    }
  }
}

