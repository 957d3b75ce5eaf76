// Downloads /projects/:id/downloads: zip the project (optionally with GIS data), progress with
// cancel after confirmation, blocked while scenarios run; links to GIS layers and the watershed CSVs.
import { Alert, Anchor, Button, Checkbox, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { ConfirmDialog, ErrorList, api, authorizedUrl, fileHref, formatDateTime, useApiQuery, type PageProps } from '@headwater/plugin-sdk';
import { useState } from 'react';
import { ProjectFrame, busyKind, useInvalidateProject } from '../project.tsx';
import type { ProjectResponse } from '../types.ts';

type GisLayer = string | { name?: string; layer?: string; text?: string; value?: string; title?: string; url?: string };

export type DownloadsResponse = {
  status?: { isZipping?: boolean; isRunningScenarios?: boolean };
  zipFile?: { exists?: boolean; createdOn?: string | null; url?: string | null; canGetGisData?: boolean } | null;
  geoJsonUrls?: Record<string, string> | null;
  geoJsonLayers?: GisLayer[] | null;
  subbasinsCsv?: string | null;
  hrusOriginalCsv?: string | null;
  hrusTrimmedCsv?: string | null;
  hasSetHrus?: boolean;
};

export function gisLinks(projectId: string, d: DownloadsResponse): { label: string; href: string }[] {
  const out: { label: string; href: string }[] = [];
  for (const l of d.geoJsonLayers ?? []) {
    if (typeof l === 'string') out.push({ label: l, href: authorizedUrl(`exports/geojson/${projectId}/${encodeURIComponent(l)}`) });
    else {
      const key = l.layer ?? l.value ?? l.name ?? '';
      const label = l.title ?? l.text ?? l.name ?? key;
      const href = l.url ? fileHref(l.url)! : authorizedUrl(`exports/geojson/${projectId}/${encodeURIComponent(key)}`);
      if (key || l.url) out.push({ label, href });
    }
  }
  if (!out.length)
    for (const [name, url] of Object.entries(d.geoJsonUrls ?? {})) if (url) out.push({ label: name.replace(/^./, (c) => c.toUpperCase()), href: fileHref(url)! });
  return out;
}

function DownloadsBody({ id, project }: { id: string; project: ProjectResponse }) {
  const q = useApiQuery<DownloadsResponse>(`projects/downloads/${id}`);
  const invalidate = useInvalidateProject(id);
  const [gis, setGis] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const zipping = busyKind(project.status) === 'zipping' || !!q.data?.status?.isZipping;
  const running = !!q.data?.status?.isRunningScenarios;

  const zip = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.put(`projects/zip/${id}`, { value: gis });
      await invalidate();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.get(`projects/abortzip/${id}`);
      setConfirmCancel(false);
      await invalidate();
    } catch (e) {
      setError(e);
      setConfirmCancel(false);
    } finally {
      setBusy(false);
    }
  };

  if (q.error) return <ErrorList error={q.error} />;
  const d = q.data;
  if (!d) return null;
  const csvs = [
    { label: 'Subbasins (CSV)', url: d.subbasinsCsv },
    { label: 'Original HRUs (CSV)', url: d.hrusOriginalCsv },
    { label: 'Trimmed HRUs (CSV)', url: d.hasSetHrus === false ? null : d.hrusTrimmedCsv },
  ].filter((c) => c.url);
  const gisList = gisLinks(id, d);
  return (
    <Stack data-testid="downloads">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>Zip and download the project</Title>
          <Text size="sm" c="dimmed">
            Zipping can take several hours for large projects (over 10,000 HRUs).
          </Text>
          {d.zipFile?.exists && d.zipFile.url && !zipping && (
            <Group gap="xs">
              <Anchor href={fileHref(d.zipFile.url)} download data-testid="zip-link">
                Download the project zip
              </Anchor>
              {d.zipFile.createdOn && (
                <Text size="sm" c="dimmed">
                  created {formatDateTime(d.zipFile.createdOn)}
                </Text>
              )}
            </Group>
          )}
          {running && !zipping && <Alert color="yellow">The project cannot be zipped while its scenarios are running.</Alert>}
          {zipping ? (
            <Group>
              <Button color="red" variant="light" onClick={() => setConfirmCancel(true)} data-testid="zip-cancel">
                Cancel zipping
              </Button>
            </Group>
          ) : (
            <Group>
              {d.zipFile?.canGetGisData !== false && <Checkbox label="Include GIS data" checked={gis} onChange={(e) => setGis(e.currentTarget.checked)} data-testid="zip-gis" />}
              <Button onClick={() => void zip()} loading={busy} disabled={running} data-testid="zip-start">
                {d.zipFile?.exists ? 'Zip again' : 'Zip the project'}
              </Button>
            </Group>
          )}
          <ErrorList error={error} />
        </Stack>
      </Paper>
      {gisList.length > 0 && (
        <Paper withBorder p="md">
          <Title order={5}>GIS data (GeoJSON)</Title>
          <List size="sm" data-testid="gis-links">
            {gisList.map((l) => (
              <List.Item key={l.href}>
                <Anchor href={l.href} download>
                  {l.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      {csvs.length > 0 && (
        <Paper withBorder p="md">
          <Title order={5}>Watershed CSVs</Title>
          <List size="sm" data-testid="csv-links">
            {csvs.map((c) => (
              <List.Item key={c.label}>
                <Anchor href={fileHref(c.url)} download>
                  {c.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      <ConfirmDialog opened={confirmCancel} title="Cancel zipping" confirmLabel="Cancel zipping" danger busy={busy} onCancel={() => setConfirmCancel(false)} onConfirm={() => void cancel()}>
        Stop zipping this project?
      </ConfirmDialog>
    </Stack>
  );
}

export function DownloadsPage({ params }: PageProps) {
  const id = params.id!;
  return (
    <ProjectFrame id={id} page="Downloads" showWhileBusy>
      {(data) => <DownloadsBody id={id} project={data} />}
    </ProjectFrame>
  );
}
