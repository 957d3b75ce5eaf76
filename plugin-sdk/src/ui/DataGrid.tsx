// The spec's generic grid: server-side sort, paging and filter (500 ms debounce),
// `GET {api}?sort=field|field_desc&page&perPage[&filter]` → `{ items, total }`, a CSV export
// link carrying the token, and the spec's empty texts.
import { Anchor, Center, Group, Loader, Pagination, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { authorizedUrl } from '../api/client.ts';
import { useApiQuery } from '../api/hooks.ts';
import { MESSAGES } from '../messages.ts';
import { ErrorList } from './ErrorList.tsx';
import { formatCell } from './format.ts';
import { useDebounced } from './useDebounced.ts';

export type GridColumn<T> = {
  key: string;
  title: string;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
};

export type DataGridProps<T> = {
  /** API path of the grid, e.g. `projects` or `admin/users`. */
  api: string;
  columns: GridColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Plural noun for the empty text: "You don't have any {items} yet." */
  items: string;
  perPage?: number;
  defaultSort?: string;
  filterable?: boolean;
  /** CSV export path (with the token added as access_token). */
  exportPath?: string;
  /** Extra query parameters (flags) appended to every request. */
  params?: Record<string, string>;
  emptyText?: string;
};

export type GridPage<T> = { items: T[]; total: number };

/** `api` may carry its own query (`projects?format=csv`); the grid's parameters join it. */
export function gridQuery(api: string, q: { sort?: string; page: number; perPage: number; filter?: string; params?: Record<string, string> }): string {
  const [path, existing] = api.split('?', 2) as [string, string | undefined];
  const sp = new URLSearchParams(existing);
  if (q.sort) sp.set('sort', q.sort);
  sp.set('page', String(q.page));
  sp.set('perPage', String(q.perPage));
  if (q.filter) sp.set('filter', q.filter);
  for (const [k, v] of Object.entries(q.params ?? {})) sp.set(k, v);
  return `${path}?${sp.toString()}`;
}

export function DataGrid<T>({ api, columns, rowKey, items, perPage = 20, defaultSort, filterable = true, exportPath, params, emptyText }: DataGridProps<T>) {
  const [sort, setSort] = useState(defaultSort);
  const [page, setPage] = useState(1);
  const [filterInput, setFilterInput] = useState('');
  const filter = useDebounced(filterInput.trim());
  const path = gridQuery(api, { sort, page, perPage, filter, params });
  const query = useApiQuery<GridPage<T>>(path, { placeholderData: (prev) => prev });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / perPage)) : 1;

  const toggleSort = (key: string) => {
    setSort((s) => (s === key ? `${key}_desc` : key));
    setPage(1);
  };

  return (
    <div data-testid={`grid-${api}`}>
      <Group justify="space-between" mb="xs">
        {filterable ? (
          <TextInput
            placeholder="Filter"
            aria-label="Filter"
            value={filterInput}
            onChange={(e) => {
              setFilterInput(e.currentTarget.value);
              setPage(1);
            }}
            w={260}
          />
        ) : (
          <span />
        )}
        {exportPath && (
          <Anchor href={authorizedUrl(gridQuery(exportPath, { sort, page: 1, perPage: 0, filter, params }))} download>
            Export CSV
          </Anchor>
        )}
      </Group>
      <ErrorList error={query.error} />
      <Table striped highlightOnHover withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} style={{ textAlign: c.align }}>
                {c.sortable ? (
                  <UnstyledButton onClick={() => toggleSort(c.key)} fw={600}>
                    {c.title} {sort === c.key ? '▲' : sort === `${c.key}_desc` ? '▼' : ''}
                  </UnstyledButton>
                ) : (
                  c.title
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data?.items.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.key} style={{ textAlign: c.align }}>
                  {c.render ? c.render(row) : formatCell((row as Record<string, unknown>)[c.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {query.isLoading && (
        <Center p="md">
          <Loader size="sm" />
        </Center>
      )}
      {data && data.items.length === 0 && (
        <Text c="dimmed" p="sm">
          {filter ? MESSAGES.noMatches(filter) : (emptyText ?? MESSAGES.emptyList(items))}
        </Text>
      )}
      {pages > 1 && (
        <Group justify="center" mt="sm">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </div>
  );
}

