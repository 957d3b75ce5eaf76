// THE build configuration of Headwater's front end: the shell (the federation host) and every
// plugin and editor (federation remotes), in this repository or outside it. Shipped with the
// SDK as `@headwater/plugin-sdk/rspack`, so a team that builds a plugin in its own repository
// uses the very factory the workspace uses (the root rspack.config.ts re-exports it). Shared
// singletons are declared here once.
//
//   // rspack.config.ts of a plugin
//   import { createConfig } from '@headwater/plugin-sdk/rspack';
//   export default createConfig({ dir: import.meta.dirname, kind: 'remote' });
//
// Needs `@rspack/core` and `@module-federation/enhanced` beside it (optional peer dependencies
// of the SDK: only a build needs them).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { remoteName } from '../src/manifest.ts';
import { loadManifest } from '../src/manifest-schema.ts';
import { SHARED_PARTS, checkSharedImports } from './shared-parts.ts';

export { remoteName, SHARED_PARTS, checkSharedImports };

type Pkg = { name: string; version: string; dependencies?: Record<string, string>; headwater?: Record<string, unknown> };

/** Singletons every remote takes from the host. Heavy libraries (ol, apexcharts) are shared
 * too, but only the plugins that import them ever load them. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/',
  'react/',
  'react-router',
  '@tanstack/react-query',
  'jotai',
  '@mantine/core',
  '@mantine/hooks',
  '@headwater/plugin-sdk',
];
const SHARED_LAZY = ['ol', 'ol/', 'apexcharts', 'react-apexcharts', '@rjsf/core', '@rjsf/utils', '@rjsf/validator-ajv8', '@rjsf/mantine'];

/** TypeScript is compiled everywhere except in node_modules — but the SDK itself ships its
 * TypeScript sources, so a plugin outside the workspace (SDK installed under node_modules,
 * pnpm's `.pnpm/...` folders included) compiles them too. */
const NOT_COMPILED = { and: [/[\\/]node_modules[\\/]/], not: /[\\/]node_modules[\\/]@headwater[\\/]plugin-sdk[\\/]/ };

function readPkg(dir: string): Pkg {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Pkg;
}

/** Singletons the host provides whole but imports itself as ordinary (tree-shaken) modules:
 * ESM packages without side effects, whose re-exports rspack connects straight to the file
 * that defines each export. The host's first page then carries only the components it uses;
 * the provided package (index and the rest of its files) is an async chunk fetched when a
 * remote first asks for it. Both are the same modules of one build, so each module (Mantine's
 * theme context, the SDK's session context) exists once. */
const HOST_TREE_SHAKEN = new Set(['@mantine/core', '@mantine/hooks', 'react-router', '@tanstack/react-query', 'jotai', '@headwater/plugin-sdk']);

/** The module the host provides for a library in SHARED_PARTS: it re-exports those names. It
 * lives in the host's node_modules so that it imports the very copy the host imports. */
function partModule(dir: string, name: string): { path: string; source: string } {
  return {
    path: join(dir, 'node_modules', '.headwater-shared', `${name.replace(/\W+/g, '_')}.js`),
    source: `export { ${SHARED_PARTS[name]!.join(', ')} } from '${name}';\n`,
  };
}

type SharedConfig = { singleton: boolean; requiredVersion: false | string; import?: string | false; shareKey?: string; version?: string };

function shared(dir: string, kind: 'host' | 'remote') {
  const deps = readPkg(dir).dependencies ?? {};
  const out: Record<string, SharedConfig> = {};
  for (const name of SINGLETONS) {
    if (kind === 'remote') {
      // Remotes take every singleton from the host and never ship a copy of their own: one
      // provider, so no remote's copy can win the singleton and split a React context.
      out[name] = { singleton: true, requiredVersion: false, import: false };
    } else if (HOST_TREE_SHAKEN.has(name)) {
      // Provide `name` under its share key, but consume it under a request nothing imports:
      // the host's own `import … from name` stays an ordinary import (see HOST_TREE_SHAKEN).
      // A library in SHARED_PARTS is provided as the part plugins may use.
      const part = SHARED_PARTS[name] ? partModule(dir, name).path : undefined;
      out[`headwater-host-provides:${name}`] = { singleton: true, requiredVersion: false, import: part ?? name, shareKey: name, ...(part && { version: installedVersion(dir, name) }) };
    } else {
      out[name] = { singleton: true, requiredVersion: false };
    }
  }
  for (const name of SHARED_LAZY) {
    const base = name.endsWith('/') ? name.slice(0, -1) : name;
    if (deps[base]) out[name] = { singleton: true, requiredVersion: false };
  }
  return out;
}

function installedVersion(dir: string, name: string): string {
  return (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as Pkg).version;
}

/** Writes headwater.json beside mf-manifest.json: the plugin's manifest, so an externally
 * deployed remote can be registered by its URL alone. */
class HeadwaterManifestPlugin {
  private readonly manifest: Record<string, unknown>;
  constructor(manifest: Record<string, unknown>) {
    this.manifest = manifest;
  }
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('HeadwaterManifest', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'HeadwaterManifest', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('headwater.json', new rspack.sources.RawSource(JSON.stringify(this.manifest, null, 2)));
      });
    });
  }
}

/** The federation runtime as ES modules. Rspack resolves it with `require`, which picks the
 * CommonJS build: nothing of it can be dropped then. The ES build lets the minifier drop what
 * `experiments.optimization` turns off (with target 'web': Node's script loading). */
function esmFederationRuntime(): Record<string, string> {
  // resolved the way the federation plugin resolves it: enhanced → rspack → runtime-tools
  const from = (path: string, name: string) => createRequire(path).resolve(name);
  const tools = from(from(from(import.meta.filename, '@module-federation/enhanced'), '@module-federation/rspack'), '@module-federation/runtime-tools');
  const alias: Record<string, string> = {};
  for (const name of ['@module-federation/webpack-bundler-runtime', '@module-federation/runtime']) {
    const cjs = createRequire(tools).resolve(name);
    if (cjs.endsWith('.cjs')) alias[`${cjs}$`] = cjs.replace(/\.cjs$/, '.js');
  }
  return alias;
}

export type BuildOptions = {
  /** The package folder (pass `import.meta.dirname`). */
  dir: string;
  kind: 'host' | 'remote';
  mode?: 'production' | 'development';
  /** Where the built files are served from. A remote defaults to `'auto'`: the folder its
   * mf-manifest.json was loaded from, so `dist/` can be deployed on any origin and path. The
   * host defaults to `/`. A function receives the plugin id (the workspace serves its
   * remotes at `/plugins/<id>/`). */
  publicPath?: string | ((id: string) => string);
};

export function createConfig({ dir, kind, mode = (process.env.NODE_ENV as 'development') ?? 'production', publicPath }: BuildOptions): Configuration {
  const pkg = readPkg(dir);
  const production = mode !== 'development';
  // A remote's manifest is checked against the schema here, before anything is built: the
  // same check platform-api makes when the plugin is discovered or registered by its URL.
  const id = kind === 'remote' ? loadManifest(pkg, join(dir, 'package.json')).id : 'shell';
  if (kind === 'remote') checkSharedImports(join(dir, 'src'));
  const servedFrom = typeof publicPath === 'function' ? publicPath(id) : (publicPath ?? (kind === 'host' ? '/' : 'auto'));

  const plugins: Configuration['plugins'] = [
    new ModuleFederationPlugin({
      name: kind === 'host' ? 'hw_shell' : remoteName(id),
      filename: kind === 'remote' ? 'remoteEntry.js' : undefined,
      exposes: kind === 'remote' ? { './plugin': './src/plugin.tsx' } : undefined,
      remotes: {},
      shared: shared(dir, kind),
      dts: false,
      manifest: kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
      // The host fetches plugins at run time through registerRemotes; no build-time remotes.
      shareStrategy: 'loaded-first',
      experiments: { optimization: { target: 'web' } },
    }),
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
  ];
  if (kind === 'host') {
    const parts = Object.keys(SHARED_PARTS).filter((name) => SINGLETONS.includes(name) && HOST_TREE_SHAKEN.has(name)).map((name) => partModule(dir, name));
    plugins.push(new rspack.experiments.VirtualModulesPlugin(Object.fromEntries(parts.map((p) => [p.path, p.source]))));
    plugins.push(new rspack.HtmlRspackPlugin({ template: join(dir, 'src', 'index.html'), inject: 'body', scriptLoading: 'defer' }));
  } else {
    plugins.push(new HeadwaterManifestPlugin({ ...pkg.headwater, version: pkg.version }));
  }

  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: kind === 'host' ? { main: './src/index.ts' } : {},
    target: ['web', 'es2022'],
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      path: join(dir, 'dist'),
      publicPath: servedFrom,
      uniqueName: kind === 'host' ? 'hw_shell' : remoteName(id),
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      clean: true,
    },
    resolve: {
      alias: esmFederationRuntime(),
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        { test: /\.m?js$/, resolve: { fullySpecified: false } },
        {
          test: /\.tsx?$/,
          exclude: NOT_COMPILED,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/i, type: 'css/auto' },
        { test: /\.(png|svg|jpg|woff2?)$/i, type: 'asset' },
      ],
    },
    optimization: { minimize: production },
    performance: { hints: false },
    plugins,
    stats: 'errors-warnings',
  };
}
