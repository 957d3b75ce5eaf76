export type { PluginManifest, PluginListing, NavEntry, PluginRoute, ManifestSource } from '@headwater/plugin-sdk/schema';
export { validateManifest, loadManifest, registryProblems, expandManifest, remoteName, sdkCompatible, SDK_VERSION } from '@headwater/plugin-sdk/schema';
