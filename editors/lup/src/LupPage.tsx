// The land use update page (spec 2 §2 'Land use update: upload area (zip only), link to existing
// user data and an HRU CSV, an option to use ICLUS data when available'; §5; §9 up to 25 files).
import { Alert, Anchor, Group, List, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError, EditorActionBar, ErrorList, fileHref, fillPath, SuccessAlert, UploadArea, useApiMutation, useApiQuery, type EditorBodyProps } from '@headwater/plugin-sdk';
import { MAX_FILES, MAX_ZIP_BYTES } from './formats.ts';
import { ICLUS_URL, PAGE_URL, type LupPage } from './schema.ts';

export function LupBody({ editor, params, scenarioPath, back, loginPrompt }: EditorBodyProps) {
  const scenarioID = params.scenarioID ?? '';
  const url = fillPath(PAGE_URL, { scenarioID });
  const pageQ = useApiQuery<LupPage>(url);
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const closeSaved = useCallback(() => setSaved(false), []);
  const reload = () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && (q.queryKey[1] === scenarioPath || q.queryKey[1] === url) });
  const removeAll = useApiMutation('DELETE', `scenarios/deletemodtype/${scenarioID}/${editor.modTable}`, { invalidate: [url, scenarioPath] });
  const iclus = useApiMutation<{ value: boolean }>('PUT', fillPath(ICLUS_URL, { scenarioID }), { invalidate: [url, scenarioPath], onSuccess: () => setSaved(true) });
  const title = (editor.schema.properties?.files as { title?: string } | undefined)?.title ?? 'Land use update files';

  if (pageQ.error instanceof ApiError && pageQ.error.status === 401) return <>{loginPrompt}</>;
  const data = pageQ.data;
  const inPeriod = (date: string) => !data?.period?.start || !data.period.end || (date >= data.period.start && date <= data.period.end);
  return (
    <Stack gap="lg">
      <Text>
        Land use updates change the fractions of the HRUs of subbasins on given dates during the run (SWAT's lup.dat): forest becoming urban land in
        2010, say. Each dated file gives the HRUs of the subbasins it changes their new fraction of the subbasin.
      </Text>
      <ErrorList error={pageQ.error} />
      <Stack gap="xs">
        <Title order={4}>Upload guidelines</Title>
        <List size="sm" spacing={4}>
          <List.Item>
            Start from the{' '}
            <Anchor href={data ? fileHref(data.hrusCsvUrl) : undefined} download>
              HRU CSV of this project
            </Anchor>{' '}
            (SUBBASIN, LANDUSE, SOIL, SLOPE, HRU_FR) and change HRU_FR, the HRU's fraction of its subbasin.
          </List.Item>
          <List.Item>Name each file by the date its fractions apply from: yyyy-mm-dd.csv (2010-01-01.csv); up to {MAX_FILES} files in one .zip.</List.Item>
          <List.Item>The fractions of each subbasin a file lists add up to 1; the HRUs of that subbasin it leaves out get 0. Subbasins a file does not list keep their fractions.</List.Item>
          <List.Item>A new upload replaces the scenario's land use updates; an upload with problems changes nothing and lists them by file and line.</List.Item>
        </List>
      </Stack>
      {data?.iclus.isAvailable && (
        <Switch
          label="Use the dataset's ICLUS land use projections"
          checked={data.iclus.isUsing}
          disabled={iclus.isPending}
          onChange={(e) => iclus.mutate({ value: e.currentTarget.checked })}
        />
      )}
      <ErrorList error={iclus.error} />
      {data?.hasMods && (
        <Stack gap="xs" data-testid="current-updates">
          <Title order={4}>Current land use updates{data.iclus.isUsing ? ' (ICLUS)' : ''}</Title>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Subbasins</Table.Th>
                <Table.Th>HRUs listed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.updates.map((u) => (
                <Table.Tr key={u.date}>
                  <Table.Td>
                    {u.date}
                    {!inPeriod(u.date) && (
                      <Text span size="xs" c="orange">
                        {' '}
                        (outside the simulation period: not applied)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{u.subbasins}</Table.Td>
                  <Table.Td>{u.hrus}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.userDataUrl && (
            <Group>
              <Anchor href={fileHref(data.userDataUrl)} download>
                Download the current land use update data (.zip)
              </Anchor>
            </Group>
          )}
        </Stack>
      )}
      {data?.iclus.isUsing && <Alert color="blue">The scenario uses the ICLUS projections; an upload replaces them.</Alert>}
      <UploadArea<LupPage>
        url={url}
        extensions={['.zip']}
        maxBytes={MAX_ZIP_BYTES}
        label={`${title} (.zip)`}
        onUploaded={async (answer) => {
          client.setQueryData(['api', url], answer);
          await reload();
          setSaved(true);
        }}
      />
      <SuccessAlert show={saved} onClose={closeSaved} />
      <EditorActionBar canSave={false} saving={false} onSave={() => {}} showSave={false} back={back} canRemove={!!data?.hasMods} remove={removeAll} />
    </Stack>
  );
}
