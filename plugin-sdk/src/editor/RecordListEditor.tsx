// The list page of a `records` editor (spec 2 §2 'Fertilizer list (20 per page) and edit page;
// urban list (20 per page) and edit page; numbers shown to 3 decimals'; §3 isModified): every
// record of the dataset's list with its values in effect, a filter, 20 per page, the changed
// records marked, each leading to its own page (a one-setting page of the record). Remove Changes
// reverts every record. EditorPage keeps the scenario checks (running notice, 401) around it.
import { Anchor, Badge, Center, Group, Loader, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { useApiMutation, useApiQuery } from '../api/hooks.ts';
import { MESSAGES } from '../messages.ts';
import type { RouteParams } from '../manifest.ts';
import { buildPath } from '../routes.ts';
import { Link } from '../routing.ts';
import { ErrorList } from '../ui/ErrorList.tsx';
import { fillPath } from './changes.ts';
import { EditorActionBar } from './EditorActionBar.tsx';
import { filterRecords, formatDecimals, pageOf, recordColumns, RECORD_DECIMALS, RECORDS_PER_PAGE, type RecordList } from './records.ts';
import type { EditorDefinition } from './types.ts';

export type RecordListEditorProps = {
  editor: EditorDefinition;
  params: RouteParams;
  /** invalidated with the list after Remove Changes (the scenario's modTables change) */
  scenarioPath: string;
  back: ReactNode;
  loginPrompt: ReactNode;
};

export function RecordListEditor({ editor, params, scenarioPath, back, loginPrompt }: RecordListEditorProps) {
  const records = editor.records!;
  const listUrl = fillPath(records.listUrl, { ...params, modTable: editor.modTable });
  const listQ = useApiQuery<RecordList>(listUrl);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const perPage = records.perPage ?? RECORDS_PER_PAGE;
  const decimals = records.decimals ?? RECORD_DECIMALS;
  const textColumns = records.textColumns ?? [];
  const columns = useMemo(() => recordColumns(editor.schema, records), [editor.schema, records]);
  const removeAll = useApiMutation('DELETE', `scenarios/deletemodtype/${params.scenarioID ?? ''}/${editor.modTable}`, { invalidate: [listUrl, scenarioPath] });
  const noun = records.noun ?? 'record';

  if (listQ.error instanceof ApiError && listQ.error.status === 401) return <>{loginPrompt}</>;
  if (listQ.isLoading)
    return (
      <Center p="xl" data-testid="editor-loading">
        <Loader />
      </Center>
    );
  if (listQ.error || !listQ.data) return <ErrorList error={listQ.error ?? MESSAGES.generic} />;

  const items = listQ.data.items ?? [];
  const shown = filterRecords(items, filter, textColumns.map((c) => c.key));
  const { rows, pages, page: current } = pageOf(shown, page, perPage);
  const first = shown.length ? (current - 1) * perPage + 1 : 0;
  const hasChanges = !!listQ.data.hasChanges || items.some((i) => i.isModified);
  const linkOf = (id: number) => (records.path ? buildPath(records.path, { ...params, [records.param]: id }) : undefined);

  return (
    <Stack gap="md">
      {editor.intro && (typeof editor.intro === 'string' ? <Text>{editor.intro}</Text> : editor.intro)}
      <Group justify="space-between" align="flex-end">
        <TextInput
          aria-label="Filter"
          placeholder={`Filter the ${noun} list`}
          value={filter}
          w={300}
          onChange={(e) => {
            setFilter(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Text size="sm" c="dimmed" data-testid="records-count">
          {shown.length ? `${first}–${first + rows.length - 1} of ${shown.length}` : `No ${noun} matches the filter.`}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover withTableBorder data-testid="records">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Name</Table.Th>
              {textColumns.map((c) => (
                <Table.Th key={c.key}>{c.title}</Table.Th>
              ))}
              <Table.Th>Description</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.key} style={{ textAlign: 'right' }}>
                  {c.title}
                </Table.Th>
              ))}
              <Table.Th>Changed</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((item) => {
              const href = linkOf(item.id);
              return (
                <Table.Tr key={item.id} data-modified={item.isModified ? 'true' : undefined} bg={item.isModified ? 'var(--mantine-color-yellow-light)' : undefined}>
                  <Table.Td>{item.id}</Table.Td>
                  <Table.Td>{item.name}</Table.Td>
                  {textColumns.map((c) => (
                    <Table.Td key={c.key}>{String(item[c.key] ?? '')}</Table.Td>
                  ))}
                  <Table.Td>{item.description ?? ''}</Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.key} style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                      {formatDecimals(item[c.key], decimals)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    {item.isModified && (
                      <Badge color="yellow" variant="light" data-testid={`record-modified-${item.id}`}>
                        Changed
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {href && (
                      <Anchor component={Link} to={href} aria-label={`Edit ${item.name}`}>
                        Edit
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={current} onChange={setPage} aria-label={`Pages of the ${noun} list`} />}
      <EditorActionBar canSave={false} saving={false} onSave={() => {}} showSave={false} back={back} canRemove={hasChanges} remove={removeAll} />
    </Stack>
  );
}
