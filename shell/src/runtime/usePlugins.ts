import { useQueryClient } from '@tanstack/react-query';
import { useLiveStatus, usePluginListing } from '@headwater/plugin-sdk';

/** The enabled plugins visible to this user; refreshed when an administrator changes them. */
export function usePlugins() {
  const client = useQueryClient();
  useLiveStatus('site', 'plugins-changed', () => void client.invalidateQueries({ queryKey: ['api', 'plugins'] }));
  return usePluginListing();
}
