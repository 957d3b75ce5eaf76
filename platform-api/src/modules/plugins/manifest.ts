export type { PluginManifest, PluginListing, NavEntry, PluginRoute } from '@headwater/plugin-sdk/manifest.ts';
export { validateManifest, remoteName, sdkCompatible, SDK_VERSION } from '@headwater/plugin-sdk/manifest.ts';
