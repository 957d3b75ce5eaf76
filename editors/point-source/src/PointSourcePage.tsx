// The point source page (spec 2 §2 'Point source: explanatory text from a website text page named
// PointSource, links to sample files (constant, daily, monthly, yearly), upload guidelines,
// download of existing uploaded data, zip drag-and-drop upload, Remove Changes'; §5; §9 300000 ms).
import { Anchor, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError, EditorActionBar, ErrorList, fileHref, fillPath, HtmlText, SuccessAlert, UploadArea, useApiMutation, useApiQuery, type EditorBodyProps } from '@headwater/plugin-sdk';
import { columnsOf, KINDS, MAX_ZIP_BYTES, SAMPLE_NAMES } from './formats.ts';
import { PAGE_URL, TEXT_URL, type PointSourcePage } from './schema.ts';

const KIND_TITLES = { constant: 'Constant', daily: 'Daily', monthly: 'Monthly', yearly: 'Yearly' } as const;

/** Shown when the site has no PointSource page text. */
function DefaultText() {
  return (
    <Text>
      A point source adds water, sediment and nutrients to the stream of a subbasin every day — a wastewater treatment plant, an industrial outfall. Its
      loads are routed with the subbasin's own through its reach and every reach downstream. Give a subbasin constant loads, or daily, monthly or
      yearly records.
    </Text>
  );
}

export function PointSourceBody({ editor, params, scenarioPath, back, loginPrompt }: EditorBodyProps) {
  const scenarioID = params.scenarioID ?? '';
  const url = fillPath(PAGE_URL, { scenarioID });
  const pageQ = useApiQuery<PointSourcePage>(url);
  const textQ = useApiQuery<{ text: string }>(TEXT_URL, { retry: false });
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const closeSaved = useCallback(() => setSaved(false), []);
  const removeAll = useApiMutation('DELETE', `scenarios/deletemodtype/${scenarioID}/${editor.modTable}`, { invalidate: [url, scenarioPath] });
  const title = (editor.schema.properties?.files as { title?: string } | undefined)?.title ?? 'Point source files';

  if (pageQ.error instanceof ApiError && pageQ.error.status === 401) return <>{loginPrompt}</>;
  const data = pageQ.data;
  return (
    <Stack gap="lg">
      {textQ.data?.text ? <HtmlText html={textQ.data.text} testId="point-source-text" /> : <DefaultText />}
      <ErrorList error={pageQ.error} />
      <Stack gap="xs">
        <Title order={4}>Sample files</Title>
        <Group gap="lg" data-testid="sample-files">
          {KINDS.map((k) => (
            <Anchor key={k} href={data ? fileHref(data.sampleFiles[k]) : undefined} download={SAMPLE_NAMES[k]}>
              {KIND_TITLES[k]} ({SAMPLE_NAMES[k]})
            </Anchor>
          ))}
        </Group>
      </Stack>
      <Stack gap="xs">
        <Title order={4}>Upload guidelines</Title>
        <List size="sm" spacing={4}>
          <List.Item>Upload one .zip file holding one or more of the sample files, with their names kept: {KINDS.map((k) => SAMPLE_NAMES[k]).join(', ')}.</List.Item>
          <List.Item>Each row gives a subbasin (its name, as the HRU selector lists it) and its loads; a subbasin has one kind of record only (constant, daily, monthly or yearly).</List.Item>
          <List.Item>Columns: constant {columnsOf('constant').slice(0, 4).join(', ')}, …; daily adds YEAR and DAY (day of the year); monthly YEAR and MONTH; yearly YEAR.</List.Item>
          <List.Item>Flow in m³/day, sediment in metric tons/day, nutrients in kg/day; monthly and yearly records are the average daily load of the month or year. Days, months or years without a row load nothing.</List.Item>
          <List.Item>A new upload replaces the scenario's point sources; an upload with problems changes nothing and lists them by file, line and column.</List.Item>
        </List>
      </Stack>
      {data?.hasMods && (
        <Stack gap="xs" data-testid="current-point-sources">
          <Title order={4}>Current point sources</Title>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Subbasin</Table.Th>
                <Table.Th>Records</Table.Th>
                <Table.Th>Rows</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.sources.map((s) => (
                <Table.Tr key={s.subbasin}>
                  <Table.Td>{s.subbasin}</Table.Td>
                  <Table.Td>{KIND_TITLES[s.kind]}</Table.Td>
                  <Table.Td>{s.rows}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.userDataUrl && (
            <Anchor href={fileHref(data.userDataUrl)} download>
              Download the current point source data (.zip)
            </Anchor>
          )}
        </Stack>
      )}
      <UploadArea<PointSourcePage>
        url={url}
        extensions={['.zip']}
        maxBytes={MAX_ZIP_BYTES}
        label={`${title} (.zip)`}
        onUploaded={async (answer) => {
          client.setQueryData(['api', url], answer);
          await client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && (q.queryKey[1] === scenarioPath || q.queryKey[1] === url) });
          setSaved(true);
        }}
      />
      <SuccessAlert show={saved} onClose={closeSaved} />
      <EditorActionBar canSave={false} saving={false} onSave={() => {}} showSave={false} back={back} canRemove={!!data?.hasMods} remove={removeAll} />
    </Stack>
  );
}
