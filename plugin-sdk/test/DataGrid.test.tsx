import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataGrid } from '../src/ui/DataGrid.tsx';

type Row = { id: number; name: string; numHrus: number };
const rows: Row[] = [
  { id: 1, name: 'Little River', numHrus: 134 },
  { id: 2, name: 'Upper Mississippi', numHrus: 807 },
];

afterEach(() => vi.unstubAllGlobals());

function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const q = new URL(url, 'http://x').searchParams;
      const filter = (q.get('filter') ?? '').toLowerCase();
      const items = rows.filter((r) => r.name.toLowerCase().includes(filter));
      return new Response(JSON.stringify({ items, total: items.length }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderGrid() {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <DataGrid<Row>
          api="projects"
          items="projects"
          perPage={10}
          defaultSort="lastModifiedDate_desc"
          rowKey={(r) => r.id}
          columns={[
            { key: 'name', title: 'Name', sortable: true },
            { key: 'numHrus', title: 'HRUs' },
          ]}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('DataGrid', () => {
  it('asks the server for a sorted page and renders the rows', async () => {
    const calls = serve();
    renderGrid();
    expect(await screen.findByText('Little River')).toBeTruthy();
    expect(screen.getByText('807')).toBeTruthy();
    expect(calls[0]).toBe('/api/projects?sort=lastModifiedDate_desc&page=1&perPage=10');
    fireEvent.click(screen.getByText(/^Name/));
    await waitFor(() => expect(calls.at(-1)).toBe('/api/projects?sort=name&page=1&perPage=10'));
  });

  it('filters on the server after the debounce and shows the no-match text', async () => {
    const calls = serve();
    renderGrid();
    await screen.findByText('Little River');
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'zz' } });
    expect(await screen.findByText('No records found matching "zz".', {}, { timeout: 2000 })).toBeTruthy();
    expect(calls.at(-1)).toContain('filter=zz');
  });
});
