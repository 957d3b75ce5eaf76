import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, serve, type Call } from '../src/testing.tsx';
import { DataGrid } from '../src/ui/DataGrid.tsx';

type Row = { id: number; name: string; numHrus: number };
const rows: Row[] = [
  { id: 1, name: 'Little River', numHrus: 134 },
  { id: 2, name: 'Upper Mississippi', numHrus: 807 },
];

afterEach(() => vi.unstubAllGlobals());

/** The projects grid API: the rows whose name contains `filter`. Returns the calls made. */
function serveProjects(): Call[] {
  return serve({
    projects: ({ url }: Call) => {
      const filter = (new URL(url, 'http://x').searchParams.get('filter') ?? '').toLowerCase();
      const items = rows.filter((r) => r.name.toLowerCase().includes(filter));
      return { items, total: items.length };
    },
  });
}

function renderGrid() {
  return renderAt(
    '/',
    '/',
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
    />,
  );
}

describe('DataGrid', () => {
  it('asks the server for a sorted page and renders the rows', async () => {
    const calls = serveProjects();
    renderGrid();
    expect(await screen.findByText('Little River')).toBeTruthy();
    expect(screen.getByText('807')).toBeTruthy();
    expect(calls[0]!.url).toBe('projects?sort=lastModifiedDate_desc&page=1&perPage=10');
    fireEvent.click(screen.getByText(/^Name/));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('projects?sort=name&page=1&perPage=10'));
  });

  it('filters on the server after the debounce and shows the no-match text', async () => {
    const calls = serveProjects();
    renderGrid();
    await screen.findByText('Little River');
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'zz' } });
    expect(await screen.findByText('No records found matching "zz".', {}, { timeout: 2000 })).toBeTruthy();
    expect(calls.at(-1)!.url).toContain('filter=zz');
  });
});
