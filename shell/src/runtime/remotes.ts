// Loads plugin remotes at run time: registerRemotes with the mf-manifest URL the registry
// gives, then loadRemote('<remote>/plugin'). A failed load is cached as failed until Retry,
// which re-registers the remote (force) so its manifest is fetched again.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PluginDefinition, PluginListing } from '@headwater/plugin-sdk';

const loaded = new Map<string, Promise<PluginDefinition>>();
const registered = new Map<string, string>();

const LOAD_TIMEOUT_MS = 15_000;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${what} did not load within ${ms / 1000} s`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

export function loadPlugin(plugin: PluginListing): Promise<PluginDefinition> {
  const cached = loaded.get(plugin.id);
  if (cached) return cached;
  const entry = new URL(plugin.entry, window.location.href).href;
  const force = registered.has(plugin.remote) && registered.get(plugin.remote) !== entry;
  if (!registered.has(plugin.remote) || force) {
    registerRemotes([{ name: plugin.remote, entry }], { force });
    registered.set(plugin.remote, entry);
  }
  const promise = withTimeout(
    loadRemote<{ default: PluginDefinition }>(`${plugin.remote}/plugin`).then((mod) => {
      const def = mod?.default;
      if (!def || typeof def.pages !== 'object') throw new Error(`The plugin '${plugin.title}' did not export definePlugin(...)`);
      return def;
    }),
    LOAD_TIMEOUT_MS,
    `The plugin '${plugin.title}'`,
  );
  loaded.set(plugin.id, promise);
  promise.catch(() => {});
  return promise;
}

/** Forgets a failed load so the next attempt fetches the remote again. */
export function forgetPlugin(plugin: PluginListing): void {
  loaded.delete(plugin.id);
  const entry = new URL(plugin.entry, window.location.href).href;
  registerRemotes([{ name: plugin.remote, entry }], { force: true });
  registered.set(plugin.remote, entry);
}
