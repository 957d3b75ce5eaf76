// HRU page /projects/:id/hrus (spec 1 §2, §4, §5, §9): the Set Project HRUs form until HRUs
// are set, then the Review page (original vs trimmed groups) with Reset while no scenarios.
import { Alert, Anchor, Button, Grid, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Slider, Stack, Table, Text, Title } from '@mantine/core';
import { ConfirmDialog, ErrorList, ROUTES, api, fileHref, useApiQuery, useRouteRef, type PageProps } from '@headwater/plugin-sdk';
import { useMemo, useState } from 'react';
import { HRU_STEP, areaMax, defaultTarget, fmtArea, fmtCount, hruPayload, snap, switchUnits, validateHruForm, type HruForm, type HruUnits } from '../logic.ts';
import { ProjectFrame, useInvalidateProject } from '../project.tsx';
import type { AreaGroup, HruMethod, Project, ProjectStatus } from '../types.ts';

type HruResponse = {
  project: Project;
  status?: ProjectStatus;
  cropCodes?: { code: string; name: string }[];
  defaultWetlands?: string[] | string | null;
  iclusHruThreshold?: number | null;
  defaultHruThreshold?: number | null;
  defaultTargetThreshold?: number | null;
};

const METHOD_LABELS: Record<HruMethod, string> = { target: 'Target number of HRUs', area: 'Area threshold', percent: 'Land use, soil and slope thresholds' };

function codes(value: string[] | string | null | undefined): string[] {
  if (!value) return [];
  return Array.isArray(value) ? value : value.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Water and wetlands when the server names none (SWAT codes). */
function defaultExempt(resp: HruResponse): string[] {
  const given = codes(resp.defaultWetlands);
  const known = new Set((resp.cropCodes ?? []).map((c) => c.code));
  const fallback = (resp.cropCodes ?? []).filter((c) => /^WAT|^WET/i.test(c.code) || /water|wetland/i.test(c.name)).map((c) => c.code);
  const list = given.length ? given : fallback;
  return known.size ? list.filter((c) => known.has(c)) : list;
}

export function HruSetForm({ resp, onSubmitted }: { resp: HruResponse; onSubmitted: () => void }) {
  const p = resp.project;
  const numOriginal = p.numOriginalHrus ?? p.numHrus;
  const land = p.totalLandArea ?? p.totalArea;
  const [form, setForm] = useState<HruForm>(() => ({
    method: 'target',
    targetThreshold: resp.defaultTargetThreshold ?? defaultTarget(numOriginal, p.numSubbasins),
    areaThreshold: Math.min(resp.defaultHruThreshold ?? 1, land || 1),
    landuseThreshold: 10,
    soilThreshold: 10,
    slopeThreshold: 10,
    units: 'km2',
    exemptLanduse: defaultExempt(resp),
    noAreaRedistribution: [],
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const set = (patch: Partial<HruForm>) => setForm((f) => ({ ...f, ...patch }));
  const cropData = useMemo(() => (resp.cropCodes ?? []).map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` })), [resp.cropCodes]);
  const max = areaMax(form.units, land);
  // ICLUS datasets lock the exemptions to water and wetlands (spec 1 §5; the server enforces it).
  const iclus = resp.iclusHruThreshold !== null && resp.iclusHruThreshold !== undefined;

  const submit = async () => {
    const e = validateHruForm(form, { numSubbasins: p.numSubbasins, numOriginalHrus: numOriginal, totalLandArea: land });
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    setError(null);
    try {
      await api.post('projects/hrus', hruPayload(p.id, form));
      onSubmitted();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  const percentField = (key: 'landuseThreshold' | 'soilThreshold' | 'slopeThreshold', label: string) => (
    <NumberInput
      label={`${label} (%)`}
      min={0}
      max={100}
      step={HRU_STEP}
      decimalScale={2}
      clampBehavior="none"
      value={form[key]}
      onChange={(v) => set({ [key]: Number(v) || 0 } as Partial<HruForm>)}
      error={errors[key]}
      data-testid={`hru-${key}`}
    />
  );

  return (
    <Paper withBorder p="md" data-testid="hru-form">
      <Stack>
        <Title order={4}>Set Project HRUs</Title>
        <Text size="sm" c="dimmed">
          This project has {fmtCount(p.numSubbasins)} subbasins and {fmtCount(numOriginal)} HRUs. Reduce the HRUs by one of the methods below; one HRU per subbasin is always kept and removed area is
          redistributed within its subbasin. HRUs cannot be changed once the project has scenarios.
        </Text>
        <SegmentedControl
          value={form.method}
          onChange={(v) => {
            set({ method: v as HruMethod });
            setErrors({});
          }}
          data={(Object.keys(METHOD_LABELS) as HruMethod[]).map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
          data-testid="hru-method"
        />
        {form.method === 'target' && (
          <Stack gap="xs">
            <NumberInput
              label="Target number of HRUs"
              description={`From ${fmtCount(p.numSubbasins)} (one per subbasin) to ${fmtCount(numOriginal)} (all).`}
              min={p.numSubbasins}
              max={numOriginal}
              step={1}
              allowDecimal={false}
              clampBehavior="none"
              value={form.targetThreshold}
              onChange={(v) => set({ targetThreshold: Number(v) || 0 })}
              error={errors.targetThreshold}
              data-testid="hru-target"
            />
            <Slider min={p.numSubbasins} max={Math.max(numOriginal, p.numSubbasins + 1)} step={1} value={form.targetThreshold} onChange={(v) => set({ targetThreshold: v })} aria-label="Target number of HRUs" />
          </Stack>
        )}
        {form.method === 'area' && (
          <Stack gap="xs">
            <SegmentedControl
              value={form.units}
              onChange={(v) => setForm((f) => switchUnits(f, v as HruUnits))}
              data={[
                { value: 'km2', label: 'km²' },
                { value: 'percent', label: 'Percent' },
              ]}
              data-testid="hru-units"
            />
            <NumberInput
              label={form.units === 'percent' ? 'Area threshold (% of subbasin)' : 'Area threshold (km²)'}
              description={`From 0 to ${form.units === 'percent' ? '100 %' : fmtArea(land)}, in steps of ${HRU_STEP}.`}
              min={0}
              max={max}
              step={HRU_STEP}
              decimalScale={2}
              clampBehavior="none"
              value={form.areaThreshold}
              onChange={(v) => set({ areaThreshold: Number(v) || 0 })}
              error={errors.areaThreshold}
              data-testid="hru-area"
            />
            <Slider min={0} max={max || 1} step={HRU_STEP} value={Math.min(form.areaThreshold, max)} onChange={(v) => set({ areaThreshold: snap(v) })} aria-label="Area threshold" />
          </Stack>
        )}
        {form.method === 'percent' && (
          <Stack gap="xs">
            <Group grow>
              {percentField('landuseThreshold', 'Land use')}
              {percentField('soilThreshold', 'Soil')}
              {percentField('slopeThreshold', 'Slope')}
            </Group>
          </Stack>
        )}
        <MultiSelect
          label="Exempt land uses"
          description={iclus ? 'ICLUS datasets keep water and wetlands exempt.' : 'Land uses kept whatever their size (water and wetlands by default).'}
          disabled={iclus}
          data={cropData}
          value={form.exemptLanduse}
          onChange={(v) => set({ exemptLanduse: v })}
          searchable
          clearable
          data-testid="hru-exempt"
        />
        <MultiSelect
          label="No area redistribution"
          description="Area removed from these land uses is not given to other HRUs."
          data={cropData}
          value={form.noAreaRedistribution}
          onChange={(v) => set({ noAreaRedistribution: v })}
          searchable
          clearable
          data-testid="hru-noredistribution"
        />
        <ErrorList error={error} />
        <Group>
          <Button onClick={() => void submit()} loading={busy} data-testid="hru-submit">
            Set HRUs
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function GroupTable({ title, original, trimmed }: { title: string; original: AreaGroup[]; trimmed: AreaGroup[] }) {
  const names = [...new Set([...original.map((g) => g.name), ...trimmed.map((g) => g.name)])];
  const o = new Map(original.map((g) => [g.name, g.area]));
  const t = new Map(trimmed.map((g) => [g.name, g.area]));
  const cell = (v: number | undefined) => (v === undefined ? '—' : v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  return (
    <Table withTableBorder striped data-testid={`review-${title.toLowerCase().replace(/\s+/g, '-')}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{title}</Table.Th>
          <Table.Th ta="right">Original (km²)</Table.Th>
          <Table.Th ta="right">Trimmed (km²)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {names.map((n) => (
          <Table.Tr key={n}>
            <Table.Td>{n}</Table.Td>
            <Table.Td ta="right">{cell(o.get(n))}</Table.Td>
            <Table.Td ta="right">{cell(t.get(n))}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The project HRU table opens in a separate 800x600 window (spec 1 §2). */
export function openHruTable(href: string, id: number | string) {
  window.open(href, `hrus-${id}`, 'width=800,height=600,scrollbars=yes,resizable=yes');
}

function HruReview({ resp, onReset }: { resp: HruResponse; onReset: () => void }) {
  const p = resp.project;
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const hruTable = useRouteRef(ROUTES.HruTable)?.({ id: p.id });
  const og = p.originalGroups ?? {};
  const tg = p.trimmedGroups ?? {};
  const methodText =
    p.method === 'target'
      ? `Target of ${fmtCount(p.targetThreshold ?? 0)} HRUs`
      : p.method === 'area'
        ? `Area threshold of ${p.targetThreshold ?? 0} ${p.units === 'percent' ? '%' : 'km²'}`
        : p.method === 'percent'
          ? `Thresholds: land use ${p.landuseThreshold ?? 0} %, soil ${p.soilThreshold ?? 0} %, slope ${p.slopeThreshold ?? 0} %`
          : '';
  const reset = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.patch(`projects/hrus/reset/${p.id}`);
      setConfirm(false);
      onReset();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const orig = fileHref(p.hrusOriginalCsv);
  const trim = fileHref(p.hrusTrimmedCsv);
  return (
    <Stack data-testid="hru-review">
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>Review HRUs</Title>
          <Text data-testid="review-counts">
            {fmtCount(p.numHrus)} HRUs of {fmtCount(p.numOriginalHrus ?? p.numHrus)} original, in {fmtCount(p.numSubbasins)} subbasins.
          </Text>
          {methodText && <Text size="sm">{methodText}</Text>}
          {!!p.exemptLanduse?.length && <Text size="sm">Exempt land uses: {codes(p.exemptLanduse).join(', ')}</Text>}
          {!!p.noAreaRedistribution?.length && <Text size="sm">No area redistribution: {codes(p.noAreaRedistribution).join(', ')}</Text>}
          <Group gap="md">
            <Button size="xs" variant="light" disabled={!hruTable} onClick={() => hruTable && openHruTable(hruTable, p.id)} data-testid="open-hru-table">
              View HRU table
            </Button>
            {orig && (
              <Anchor href={orig} size="sm" download>
                Original HRUs (CSV)
              </Anchor>
            )}
            {trim && (
              <Anchor href={trim} size="sm" download>
                Trimmed HRUs (CSV)
              </Anchor>
            )}
          </Group>
        </Stack>
      </Paper>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <GroupTable title="Land use" original={og.landuse ?? []} trimmed={tg.landuse ?? []} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <GroupTable title="Soil" original={og.soil ?? []} trimmed={tg.soil ?? []} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <GroupTable title="Slope" original={og.slope ?? []} trimmed={tg.slope ?? []} />
        </Grid.Col>
      </Grid>
      {p.hasScenarios ? (
        <Alert color="gray">HRUs cannot change once the project has scenarios: delete all scenarios or create a new project.</Alert>
      ) : (
        <Group>
          <Button color="orange" variant="light" onClick={() => setConfirm(true)} data-testid="hru-reset">
            Reset HRUs
          </Button>
        </Group>
      )}
      <ConfirmDialog opened={confirm} title="Reset HRUs" confirmLabel="Reset" danger busy={busy} error={error} onCancel={() => setConfirm(false)} onConfirm={() => void reset()}>
        Clear the thresholds and return the project to its original HRUs?
      </ConfirmDialog>
    </Stack>
  );
}

function HruBody({ id }: { id: string }) {
  const resp = useApiQuery<HruResponse>(`projects/hrus/${id}`);
  const invalidate = useInvalidateProject(id);
  if (resp.error) return <ErrorList error={resp.error} />;
  if (!resp.data) return null;
  const set = resp.data.status?.hasSetHrus ?? !!resp.data.project.method;
  return set ? <HruReview resp={resp.data} onReset={() => void invalidate()} /> : <HruSetForm resp={resp.data} onSubmitted={() => void invalidate()} />;
}

export function HrusPage({ params }: PageProps) {
  const id = params.id!;
  return (
    <ProjectFrame id={id} page="HRUs">
      {() => <HruBody id={id} />}
    </ProjectFrame>
  );
}
