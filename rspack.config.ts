// The workspace's entry to the ONE build factory, which ships with the SDK
// (`plugin-sdk/build/rspack.ts`, `@headwater/plugin-sdk/rspack`) so plugins outside this
// repository build with it too. Packages here call `createConfig` from this file; none copies
// it. The only workspace setting: platform-api serves each workspace remote at /plugins/<id>/.
import type { Configuration } from '@rspack/core';
import { createConfig as createSdkConfig, type BuildOptions } from './plugin-sdk/build/rspack.ts';

export { remoteName, type BuildOptions } from './plugin-sdk/build/rspack.ts';

export function createConfig(options: BuildOptions): Configuration {
  return createSdkConfig({ publicPath: options.kind === 'remote' ? (id) => `/plugins/${id}/` : undefined, ...options });
}
