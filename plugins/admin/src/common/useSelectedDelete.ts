// The admin lists' row selection and 'Delete selected': rows picked by their checkboxes, then
// deleted one by one through the owners' own DELETE calls; the API's queries are refetched after.
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@headwater/plugin-sdk';
import { useState } from 'react';

/** The selection of a list's rows and their deletion (`pathOf` names a row's DELETE call). */
export function useSelectedDelete<T extends { id: number }>(pathOf: (row: T) => string) {
  const client = useQueryClient();
  const [selected, setSelected] = useState<Map<number, T>>(new Map());
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const rows = [...selected.values()];
  const toggle = (r: T) =>
    setSelected((s) => {
      const n = new Map(s);
      if (n.has(r.id)) n.delete(r.id);
      else n.set(r.id, r);
      return n;
    });
  const removeSelected = async () => {
    setBusy(true);
    setError(null);
    try {
      for (const r of rows) await api.delete(pathOf(r));
      setSelected(new Map());
      setDeleting(false);
      await client.invalidateQueries({ queryKey: ['api'] });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return { selected, rows, toggle, deleting, setDeleting, busy, error, removeSelected };
}
