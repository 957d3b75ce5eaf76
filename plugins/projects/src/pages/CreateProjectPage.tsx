// Project create (spec 1 §2, §4): left panel + watershed map.
import { Alert, Autocomplete, Button, Checkbox, Grid, Group, Loader, Modal, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ApiError, ErrorList, PageLayout, ROUTES, TierLink, WatershedMap, api, useApiQuery, useDebounced, useLinks, useMapSettings, useNavigate, validateName, SITE_ROOT, type LocationPoint, type MapClick } from '@headwater/plugin-sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PROJECT_MESSAGES, asGeoJson, checkTier, datasetSelectData, defaultProjectName, fmtArea, fmtCount, fmtLimit } from '../logic.ts';
import type { DatasetGroup, DatasetOption, MapResult, UserDatasets } from '../types.ts';


type CalibratedOption = { value: number | string; text: string; datasetID?: number };
type CalibratedWatersheds = { groups?: { id?: number | string; label?: string; options?: CalibratedOption[] }[]; locationPoints?: LocationPoint[] };

/** Normalises the typeahead answer: names, whatever the list items look like. */
export function matchNames(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const names = list.map((x) => (typeof x === 'string' || typeof x === 'number' ? String(x) : x && typeof x === 'object' ? String((x as Record<string, unknown>).name ?? (x as Record<string, unknown>).text ?? (x as Record<string, unknown>).value ?? '') : '')).filter(Boolean);
  return [...new Set(names)].slice(0, 100);
}

function isWatershed(r: MapResult | null | undefined): r is MapResult {
  if (!r || !r.numSubbasins) return false;
  const g = asGeoJson(r.subbasinsGeoJson);
  return !!g && (!Array.isArray(g.features) || g.features.length > 0);
}

export function CreateProjectPage() {
  const navigate = useNavigate();
  const link = useLinks();
  const settings = useMapSettings();
  const userDatasets = useApiQuery<UserDatasets>('datasets/user');
  const publicList = useApiQuery<DatasetGroup[]>(userDatasets.isError ? 'datasets/publiclist' : null);
  const groups: DatasetGroup[] = userDatasets.data?.datasets ?? publicList.data ?? [];
  const own: DatasetOption[] = userDatasets.data?.userDatasets ?? [];
  const options = useMemo(() => [...groups.flatMap((g) => g.options), ...own], [groups, own]);
  const limits = userDatasets.data?.limits;

  const [picked, setPicked] = useState<string | null>(null);
  const defaultId = useMemo(() => String((options.find((o) => o.loadByDefault) ?? options[0])?.value ?? ''), [options]);
  const datasetId = picked ?? (defaultId || null);
  const dataset = options.find((o) => String(o.value) === datasetId);

  const outline = useApiQuery<{ outline?: unknown; regions?: unknown }>(datasetId ? `datasets/outlinegeojson/${datasetId}` : null);
  const calibrated = useApiQuery<CalibratedWatersheds>('maps/calibrated-watersheds', { retry: false });
  const calibratedOptions = useMemo(
    () => (calibrated.data?.groups ?? []).filter((g) => g.options?.length).map((g) => ({ group: g.label ?? 'Calibrated watersheds', items: g.options!.map((o) => ({ value: String(o.value), label: o.text })) })),
    [calibrated.data],
  );
  const calibratedDataset = (id: string) => calibrated.data?.groups?.flatMap((g) => g.options ?? []).find((o) => String(o.value) === id)?.datasetID;
  const [calibratedId, setCalibratedId] = useState<string | null>(null);
  const calibratedIdRef = useRef(calibratedId);
  calibratedIdRef.current = calibratedId;

  const [result, setResult] = useState<MapResult | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const lastClick = useRef<{ lat: number; lng: number } | null>(null);
  const [startMode, setStartMode] = useState(false);
  const [startIds, setStartIds] = useState<number[]>([]);
  const [showRouting, setShowRouting] = useState(false);
  const [routingOpen, setRoutingOpen] = useState(false);
  const [site, setSite] = useState<LocationPoint | null>(null);
  const [siteCalibration, setSiteCalibration] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<unknown>(null);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const matches = useApiQuery<unknown>(datasetId && debounced ? `subbasins/find/${datasetId}/${encodeURIComponent(debounced)}` : null, { retry: false });
  const seq = useRef(0);

  const load = useCallback(
    async (path: string) => {
      const n = ++seq.current;
      setLoading(true);
      setError(null);
      try {
        const r = await api.get<MapResult | null>(path);
        if (n !== seq.current) return;
        if (isWatershed(r)) {
          setResult(r);
          setStartIds((r.startIDs ?? []).map(Number));
        } else {
          setResult(null);
          setError(PROJECT_MESSAGES.noWatershed);
        }
      } catch (e) {
        if (n !== seq.current) return;
        setResult(null);
        setError(e instanceof ApiError && (e.status === 404 || e.status === 400) ? PROJECT_MESSAGES.noWatershed : e);
      } finally {
        if (n === seq.current) setLoading(false);
      }
    },
    [],
  );

  const loadByName = useCallback((subbasin: string) => datasetId && load(`maps/subbasin/name/${datasetId}/${encodeURIComponent(subbasin)}`), [datasetId, load]);

  // Changing dataset: the last clicked point, else the dataset's default ending subbasin.
  useEffect(() => {
    if (!datasetId || !dataset || calibratedIdRef.current) return;
    setResult(null);
    setError(null);
    setStartMode(false);
    if (lastClick.current) void load(`maps/coords/${datasetId}/${lastClick.current.lat}/${lastClick.current.lng}`);
    else if (dataset.endingSubbasin) void load(`maps/subbasin/name/${datasetId}/${encodeURIComponent(dataset.endingSubbasin)}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [datasetId, dataset?.value]);

  // The name follows the watershed until the user types one.
  useEffect(() => {
    if (result && !nameEdited) setName(defaultProjectName(dataset?.text, result.downstreamSubbasin ?? (result.downstreamID != null ? String(result.downstreamID) : '')));
  }, [result, dataset?.text, nameEdited]);

  const onMapClick = (click: MapClick) => {
    if (!datasetId || calibratedId) return; // a calibrated watershed turns map clicking off
    if (startMode) {
      const sub = click.subbasin;
      if (!sub || sub.isNearbyOnly || !result || sub.id === result.downstreamID) return;
      setStartIds((ids) => (ids.includes(sub.id) ? ids.filter((i) => i !== sub.id) : [...ids, sub.id]));
      return;
    }
    lastClick.current = { lat: click.lat, lng: click.lng };
    void load(`maps/coords/${datasetId}/${click.lat}/${click.lng}`);
  };

  const toggleStartMode = () => {
    if (!startMode) return setStartMode(true);
    setStartMode(false);
    if (result?.downstreamID != null) void load(`maps/subbasin/id/${result.downstreamID}${startIds.length ? `/${startIds.join(',')}` : ''}`);
  };

  const pickCalibrated = (id: string | null) => {
    setCalibratedId(id);
    if (!id) return;
    const ds = calibratedDataset(id);
    if (ds !== undefined) setPicked(String(ds));
    lastClick.current = null;
    void load(`maps/calibrated-watersheds/${id}`);
  };

  const tier = result ? checkTier(result, limits) : { blocked: false, hruWarning: false };
  const features = useMemo(() => (asGeoJson(result?.subbasinsGeoJson)?.features ?? []) as { properties?: Record<string, unknown> }[], [result]);
  const watershedArea = useMemo(() => {
    if (result?.totalArea) return result.totalArea;
    const own = features.filter((f) => !f.properties?.isNearbyOnly);
    const sum = own.reduce((a, f) => a + (Number(f.properties?.area) || 0), 0);
    return sum > 0 ? sum : undefined;
  }, [features, result]);

  const create = async () => {
    const problem = validateName(name);
    setNameError(problem);
    if (problem || !result || !datasetId || tier.blocked) return;
    setCreating(true);
    setCreateError(null);
    try {
      const r = await api.post<number | { id: number } | { value: number }>('projects', {
        datasetID: Number(datasetId),
        endID: result.downstreamID,
        startIDs: startIds,
        name: name.trim(),
        cacheID: result.id ?? null,
      });
      const id = typeof r === 'object' && r ? ((r as { id?: number }).id ?? (r as { value?: number }).value) : r;
      navigate(link(ROUTES.ProjectView, { id: id! }) ?? SITE_ROOT);
    } catch (e) {
      setCreateError(e);
      setCreating(false);
    }
  };

  const names = matchNames(matches.data);

  return (
    <PageLayout title="Create a project">
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm" data-testid="create-panel">
            <ErrorList error={userDatasets.isError && publicList.isError ? userDatasets.error : null} />
            <Select
              label="Dataset"
              data-testid="create-dataset"
              allowDeselect={false}
              value={datasetId}
              onChange={(v) => {
                setPicked(v);
                setCalibratedId(null);
              }}
              data={datasetSelectData(groups, own)}
              description={dataset?.description}
            />
            {calibratedOptions.length > 0 && (
              <Select label="Calibrated watersheds" placeholder="None" clearable value={calibratedId} onChange={pickCalibrated} data={calibratedOptions} data-testid="create-calibrated" />
            )}
            <Autocomplete
              label="Downstream subbasin"
              placeholder="Type a subbasin name or click the map"
              value={search}
              onChange={setSearch}
              data={names}
              limit={100}
              rightSection={matches.isFetching ? <Loader size="xs" /> : null}
              onOptionSubmit={(v) => {
                lastClick.current = null;
                setCalibratedId(null);
                void loadByName(v);
              }}
              data-testid="create-typeahead"
              disabled={!datasetId}
            />
            {loading && (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm">Loading the watershed…</Text>
              </Group>
            )}
            <ErrorList error={error} />
            {result && (
              <Paper withBorder p="sm" data-testid="watershed-summary">
                <Title order={5}>Watershed summary</Title>
                <Table withRowBorders={false} verticalSpacing={2}>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td>Ending subbasin</Table.Td>
                      <Table.Td data-testid="summary-ending">{result.downstreamSubbasin ?? result.downstreamID}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td>Subbasins</Table.Td>
                      <Table.Td data-testid="summary-subbasins">{fmtCount(result.numSubbasins)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td>HRUs</Table.Td>
                      <Table.Td data-testid="summary-hrus">{fmtCount(result.numHrus)}</Table.Td>
                    </Table.Tr>
                    {watershedArea !== undefined && (
                      <Table.Tr>
                        <Table.Td>Area</Table.Td>
                        <Table.Td>{fmtArea(watershedArea)}</Table.Td>
                      </Table.Tr>
                    )}
                  </Table.Tbody>
                </Table>
                <Group gap="xs" mt="xs">
                  {!!result.connections?.length && (
                    <Button size="xs" variant="light" onClick={() => setRoutingOpen(true)} data-testid="routing-open">
                      Routing table
                    </Button>
                  )}
                  <Checkbox size="xs" label="Show routing on the map" checked={showRouting} onChange={(e) => setShowRouting(e.currentTarget.checked)} data-testid="show-routing" />
                </Group>
              </Paper>
            )}
            {result && result.numSubbasins > 1 && !calibratedId && (
              <Paper withBorder p="sm">
                <Text size="sm" fw={600}>
                  Advanced: starting subbasins
                </Text>
                <Text size="xs" c="dimmed" mb="xs">
                  Begin, then click subbasins of the watershed to start the route from them; Done reloads the watershed.
                </Text>
                <Group gap="xs">
                  <Button size="xs" variant={startMode ? 'filled' : 'default'} onClick={toggleStartMode} data-testid="start-mode">
                    {startMode ? 'Done' : 'Begin'}
                  </Button>
                  {startIds.length > 0 && (
                    <Text size="xs" data-testid="start-count">
                      {startIds.length} starting subbasin{startIds.length === 1 ? '' : 's'}
                    </Text>
                  )}
                </Group>
              </Paper>
            )}
            {result && tier.blocked && limits && (
              <Alert color="red" data-testid="tier-blocked">
                Your account is limited to {fmtLimit(limits.subbasinLimit)} subbasins and {fmtLimit(limits.hruLimit)} HRUs per project. Please select a smaller watershed. This one has {fmtCount(result.numSubbasins)} subbasins and{' '}
                {fmtCount(result.numHrus)} HRUs. To work with larger watersheds,{' '}
                <TierLink>request a higher tier</TierLink>
                .
              </Alert>
            )}
            {result && tier.hruWarning && limits && (
              <Alert color="yellow" data-testid="tier-hru-warning">
                This watershed has {fmtCount(result.numHrus)} HRUs; your account is limited to {fmtLimit(limits.hruLimit)} HRUs per project. You may create the project, but you must reduce its HRUs before running scenarios (
                <TierLink>your account's tier</TierLink>
                ).
              </Alert>
            )}
            <TextInput
              label="Project name"
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameEdited(true);
                if (nameError) setNameError(validateName(e.currentTarget.value));
              }}
              error={nameError}
              data-testid="create-name"
              maxLength={120}
            />
            <ErrorList error={createError} />
            <Button onClick={() => void create()} loading={creating} disabled={!result || tier.blocked || startMode} data-testid="create-submit">
              Create Project
            </Button>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {settings.ready && (
              <WatershedMap
                outline={outline.data?.outline}
                subbasins={result?.subbasinsGeoJson}
                streams={result?.streamsGeoJson}
                connections={result?.connections}
                showRouting={showRouting}
                selectedIds={startIds}
                bounds={result?.bounds ?? dataset?.bounds}
                onClick={onMapClick}
                regions={outline.data?.regions}
                points={calibrated.data?.locationPoints}
                onPointClick={(p) => {
                  setSite(p);
                  setSiteCalibration(p.calibrations?.[0] ? String(p.calibrations[0].id) : null);
                }}
                tileProviders={settings.tileProviders}
                defaultCenter={settings.center}
                defaultZoom={settings.zoom}
                height={600}
              />
          )}
          {startMode && (
            <Text size="sm" c="blue" mt={4}>
              Click subbasins of the watershed to toggle them as starting subbasins, then Done.
            </Text>
          )}
        </Grid.Col>
      </Grid>
      <Modal opened={!!site} onClose={() => setSite(null)} title={site ? `${site.isUsgsSite ? 'USGS site' : 'Site'} ${site.number ?? ''}` : ''} size="lg">
        {site && (
          <Stack data-testid="site-modal">
            <Text fw={600}>{site.name}</Text>
            {Array.isArray(site.data) && (
              <Table withTableBorder>
                <Table.Tbody>
                  {(site.data as { name: string; value: string }[]).map((d, i) => (
                    <Table.Tr key={i}>
                      <Table.Th w={220}>{d.name}</Table.Th>
                      <Table.Td>{d.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {!!site.calibrations?.length && (
              <Group align="flex-end">
                <Select
                  label="Calibrated watershed and dataset"
                  allowDeselect={false}
                  value={siteCalibration}
                  onChange={setSiteCalibration}
                  data={site.calibrations.map((c) => ({ value: String(c.id), label: `${c.name}${c.datasetID !== undefined ? ` — ${options.find((o) => o.value === c.datasetID)?.text ?? `dataset ${c.datasetID}`}` : ''}` }))}
                  w={420}
                />
                <Button
                  disabled={!siteCalibration}
                  onClick={() => {
                    setSite(null);
                    pickCalibrated(siteCalibration);
                  }}
                  data-testid="site-setup"
                >
                  Set Up Project
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Modal>
      <Modal opened={routingOpen} onClose={() => setRoutingOpen(false)} title="Routing table" size="md">
        <Table striped withTableBorder data-testid="routing-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(result?.connections ?? []).map((c, i) => (
              <Table.Tr key={i}>
                <Table.Td>{c.fromName}</Table.Td>
                <Table.Td>{c.toName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </PageLayout>
  );
}
