// ONE test configuration for every package, beside the build's (rspack.config.ts): each
// package's vitest.config.ts is one call,
//
//   export default createVitestConfig({ dir: import.meta.dirname, environment: 'jsdom' });
//
// and the root vitest.config.ts runs them all as projects. Built in: the project name
// (`editor-<id>`, `plugin-<id>`, else the folder's name), tests under test/, the SDK's jsdom
// setup for packages that use React (Mantine under jsdom, cleanup after each test; it does
// nothing in a node environment, where page tests say `@vitest-environment jsdom` themselves),
// and @rjsf/mantine inlined (it imports `dayjs/plugin/customParseFormat` without an extension,
// which Node's ESM loader refuses; the build has `fullySpecified: false` for the same reason).
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

type TestOptions = NonNullable<ViteUserConfig['test']>;

export type VitestOptions = {
  /** The package folder (`import.meta.dirname`). */
  dir: string;
  /** The project name; by default `editor-<id>` under editors/, `plugin-<id>` under plugins/,
   * else the folder's name. */
  name?: string;
  /** `node` (default) or `jsdom`. */
  environment?: 'node' | 'jsdom';
  /** The SDK's jsdom setup (plugin-sdk/src/test-setup.ts); on for packages depending on React. */
  setup?: boolean;
  /** Test files; `test/**\/*.test.{ts,tsx}` by default. */
  include?: string[];
  /** Any other vitest `test` option (timeouts, file parallelism). */
  test?: TestOptions;
};

export const JSDOM_SETUP = join(import.meta.dirname, 'plugin-sdk/src/test-setup.ts');

function usesReact(dir: string): boolean {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return false;
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string> | undefined>;
  return ['dependencies', 'peerDependencies', 'devDependencies'].some((k) => !!pkg[k]?.react);
}

export function projectName(dir: string): string {
  const parent = basename(dirname(dir));
  const own = basename(dir);
  return parent === 'editors' ? `editor-${own}` : parent === 'plugins' ? `plugin-${own}` : own;
}

export function createVitestConfig(options: VitestOptions) {
  const { dir, environment = 'node', include = ['test/**/*.test.{ts,tsx}'], test = {} } = options;
  const setup = options.setup ?? usesReact(dir);
  return defineConfig({
    test: {
      name: options.name ?? projectName(dir),
      include,
      environment,
      setupFiles: setup ? [JSDOM_SETUP] : [],
      server: { deps: { inline: ['@rjsf/mantine'] } },
      ...test,
    },
  });
}
