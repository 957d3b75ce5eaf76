// ONE build configuration for the shell (the federation host) and every plugin and editor
// (federation remotes). Packages call `createConfig` from their own rspack.config.ts; none
// copies it. Shared singletons are declared here once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

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

function readPkg(dir: string): Pkg {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Pkg;
}

export function remoteName(id: string): string {
  return `hw_${id.replace(/-/g, '_')}`;
}

function shared(dir: string) {
  const deps = readPkg(dir).dependencies ?? {};
  const out: Record<string, { singleton: boolean; requiredVersion: false | string; eager?: boolean }> = {};
  for (const name of SINGLETONS) out[name] = { singleton: true, requiredVersion: false };
  for (const name of SHARED_LAZY) {
    const base = name.endsWith('/') ? name.slice(0, -1) : name;
    if (deps[base]) out[name] = { singleton: true, requiredVersion: false };
  }
  return out;
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

export type BuildOptions = {
  /** The package folder (pass `import.meta.dirname`). */
  dir: string;
  kind: 'host' | 'remote';
  mode?: 'production' | 'development';
};

export function createConfig({ dir, kind, mode = (process.env.NODE_ENV as 'development') ?? 'production' }: BuildOptions): Configuration {
  const pkg = readPkg(dir);
  const production = mode !== 'development';
  const hw = pkg.headwater as { id: string } | undefined;
  if (kind === 'remote' && !hw?.id) throw new Error(`${dir}/package.json needs a headwater block with an id`);
  const id = hw?.id ?? 'shell';

  const plugins: Configuration['plugins'] = [
    new ModuleFederationPlugin({
      name: kind === 'host' ? 'hw_shell' : remoteName(id),
      filename: kind === 'remote' ? 'remoteEntry.js' : undefined,
      exposes: kind === 'remote' ? { './plugin': './src/plugin.tsx' } : undefined,
      remotes: {},
      shared: shared(dir),
      dts: false,
      manifest: kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
      // The host fetches plugins at run time through registerRemotes; no build-time remotes.
      shareStrategy: 'loaded-first',
    }),
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
  ];
  if (kind === 'host') {
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
      publicPath: kind === 'host' ? '/' : `/plugins/${id}/`,
      uniqueName: kind === 'host' ? 'hw_shell' : remoteName(id),
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        { test: /\.m?js$/, resolve: { fullySpecified: false } },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
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
