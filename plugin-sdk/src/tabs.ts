// Tabs kept in the address (`?tab=`), so a link can open one (`/account?tab=tiers`) and the
// browser's back button and reloads keep it.
import { useSearchParams } from 'react-router';

/**
 * The open tab from `?tab=` (one of `tabs`, and `allowed` when given; else `fallback`) and a
 * setter for Mantine's Tabs `onChange`: it replaces the history entry and leaves the other
 * query parameters alone; the fallback tab drops `tab` from the address.
 */
export function useTabParam<T extends string>(tabs: readonly T[], fallback: T, allowed: (tab: T) => boolean = () => true): [T, (tab: string | null) => void] {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab') as T | null;
  const tab = requested && tabs.includes(requested) && allowed(requested) ? requested : fallback;
  const setTab = (t: string | null) => {
    const next = new URLSearchParams(search);
    if (!t || t === fallback) next.delete('tab');
    else next.set('tab', t);
    setSearch(next, { replace: true });
  };
  return [tab, setTab];
}
