// The Calibration page (spec 2 §2 '.../calibration'; §4 'choose to ignore calibration or pick a
// calibration option; shows watersheds and location points, page text, and a notice pointing to
// help when no calibration data exist'; §7 GET/POST scenarios/general/calibration/{scenarioID}).
import { Alert, Badge, Radio, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError, EditorActionBar, ErrorList, fillPath, HtmlText, ROUTES, RouteLink, SuccessAlert, useApiMutation, useApiQuery, type EditorBodyProps } from '@headwater/plugin-sdk';
import type { CalibrationMod } from './mods.ts';
import { CALIBRATION_MESSAGES, CALIBRATION_URL, type CalibrationPost } from './schema.ts';

type Point = { number: string; name: string; isUsgsSite: boolean; lat: number; lng: number; calibration: string };
type Fit = { nse: number; pbias: number };
export type CalibrationPageData = {
  ignoreCalibration: boolean;
  customCalibrationID: number | null;
  calibrationOptions: { value: number; text: string }[];
  calibrationData: Record<string, { name: string; description: string; source: string; fit: { calibration?: { period: string; before: Fit; after: Fit }; validation?: { period: string; before: Fit; after: Fit } } | null; mods: CalibrationMod[]; addColumns: string[]; percentColumns: string[] }>;
  watersheds: { id: number; name: string; description: string; group: string; hasOption: boolean }[];
  locationPoints: Point[];
  pageText: string;
  hasCalibrationData: boolean;
  changes: { hasChanges: boolean };
};

const TYPE_TEXT: Record<string, string> = { V: 'value', A: 'amount added', '%': 'percentage of baseline' };

export function CalibrationBody({ editor, params, scenarioPath, back, loginPrompt }: EditorBodyProps) {
  const scenarioID = params.scenarioID ?? '';
  const url = fillPath(CALIBRATION_URL, { scenarioID });
  const pageQ = useApiQuery<Partial<CalibrationPageData>>(url);
  // an answer missing a list is read as empty
  const data: CalibrationPageData | undefined = pageQ.data
    ? {
        ignoreCalibration: pageQ.data.ignoreCalibration ?? true,
        customCalibrationID: pageQ.data.customCalibrationID ?? null,
        calibrationOptions: pageQ.data.calibrationOptions ?? [],
        calibrationData: pageQ.data.calibrationData ?? {},
        watersheds: pageQ.data.watersheds ?? [],
        locationPoints: pageQ.data.locationPoints ?? [],
        pageText: pageQ.data.pageText ?? '',
        hasCalibrationData: !!pageQ.data.hasCalibrationData,
        changes: pageQ.data.changes ?? { hasChanges: false },
      }
    : undefined;
  const [ignore, setIgnore] = useState(true);
  const [optionId, setOptionId] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // the form starts from the scenario's choice
  useEffect(() => {
    if (!data) return;
    // (re)start from the scenario's saved choice whenever the answer changes
    setIgnore(data.ignoreCalibration);
    setOptionId(data.customCalibrationID ? String(data.customCalibrationID) : data.calibrationOptions[0] ? String(data.calibrationOptions[0].value) : null);
  }, [pageQ.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = useApiMutation<CalibrationPost>('POST', url, { invalidate: [url, scenarioPath], onSuccess: () => setSaved(true) });
  const removeAll = useApiMutation('DELETE', `scenarios/deletemodtype/${scenarioID}/${editor.modTable}`, { invalidate: [url, scenarioPath] });

  if (pageQ.error instanceof ApiError && pageQ.error.status === 401) return <>{loginPrompt}</>;
  const dirty = !!data && (ignore !== data.ignoreCalibration || (!ignore && optionId !== String(data.customCalibrationID ?? '')));
  const problem = !ignore && !optionId ? CALIBRATION_MESSAGES.pick : null;
  const option = !ignore && optionId ? data?.calibrationData[optionId] : undefined;
  return (
    <Stack gap="lg">
      <ErrorList error={pageQ.error} />
      {data && !data.hasCalibrationData && (
        <Alert color="blue" data-testid="no-calibration">
          {CALIBRATION_MESSAGES.noData}{' '}
          <RouteLink to={ROUTES.Help}>Help</RouteLink>
        </Alert>
      )}
      {data?.pageText ? <HtmlText html={data.pageText} testId="calibration-page-text" /> : null}
      {data && (
        <Radio.Group value={ignore ? 'ignore' : 'option'} onChange={(v) => { setSaved(false); setIgnore(v === 'ignore'); }} label="Calibration of this scenario">
          <Stack gap="xs" mt="xs">
            <Radio value="ignore" label="Ignore calibration (the dataset's inputs as they are)" data-testid="ignore-calibration" />
            <Radio value="option" label="Use a calibration option" disabled={!data.hasCalibrationData} data-testid="use-calibration" />
          </Stack>
        </Radio.Group>
      )}
      {data && (
        <Select
          label="Calibration option"
          data={data.calibrationOptions.map((o) => ({ value: String(o.value), label: o.text }))}
          value={optionId}
          onChange={(v) => { setSaved(false); setOptionId(v); }}
          allowDeselect={false}
          disabled={ignore || !data.hasCalibrationData}
          placeholder={data.hasCalibrationData ? undefined : 'No calibration options'}
          data-testid="calibration-option"
        />
      )}
      {data && !data.ignoreCalibration && !dirty && <Badge color="green">Applied: {data.calibrationData[String(data.customCalibrationID)]?.name ?? data.customCalibrationID}</Badge>}
      {data && data.ignoreCalibration && !dirty && data.hasCalibrationData && <Text size="sm">{CALIBRATION_MESSAGES.ignored}</Text>}
      {option && (
        <Stack gap="xs" data-testid="calibration-changes">
          <Title order={4}>{option.name}</Title>
          {option.description && <Text size="sm">{option.description}</Text>}
          {option.source && <Text size="sm" c="dimmed">Made with: {option.source}</Text>}
          {option.fit?.calibration && (
            <Text size="sm">
              Daily flow at the gauge, {option.fit.calibration.period}: NSE {option.fit.calibration.before.nse} → {option.fit.calibration.after.nse}, PBIAS {option.fit.calibration.before.pbias} % → {option.fit.calibration.after.pbias} %
              {option.fit.validation && `; checked on ${option.fit.validation.period}: NSE ${option.fit.validation.before.nse} → ${option.fit.validation.after.nse}`}
            </Text>
          )}
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr><Table.Th>Variable</Table.Th><Table.Th>File</Table.Th><Table.Th>Change</Table.Th><Table.Th>Value</Table.Th><Table.Th>Applies to</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {option.mods.map((m, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{m.variable}</Table.Td>
                  <Table.Td>.{m.file}</Table.Td>
                  <Table.Td>{m.type} ({TYPE_TEXT[m.type]})</Table.Td>
                  <Table.Td>{m.type === '%' ? `${m.value > 0 ? '+' : ''}${m.value} %` : m.type === 'A' ? `${m.value > 0 ? '+' : ''}${m.value}` : m.value}</Table.Td>
                  <Table.Td>{[m.landuses?.length ? `land uses ${m.landuses.join(', ')}` : '', m.subbasins?.length ? `subbasins ${m.subbasins.join(', ')}` : ''].filter(Boolean).join('; ') || 'All'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      {data && data.watersheds.length > 0 && (
        <Stack gap="xs" data-testid="calibration-watersheds">
          <Title order={4}>Calibrated watersheds</Title>
          <Table withTableBorder>
            <Table.Thead><Table.Tr><Table.Th>Watershed</Table.Th><Table.Th>Group</Table.Th><Table.Th>Calibration option</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {data.watersheds.map((w) => (
                <Table.Tr key={w.id}><Table.Td>{w.name}</Table.Td><Table.Td>{w.group}</Table.Td><Table.Td>{w.hasOption ? 'yes' : 'no'}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={4}>Location points</Title>
          <Table withTableBorder data-testid="calibration-points">
            <Table.Thead><Table.Tr><Table.Th>Number</Table.Th><Table.Th>Name</Table.Th><Table.Th>USGS site</Table.Th><Table.Th>Latitude</Table.Th><Table.Th>Longitude</Table.Th><Table.Th>Watershed</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {data.locationPoints.map((p) => (
                <Table.Tr key={`${p.calibration}:${p.number}`}>
                  <Table.Td>{p.number}</Table.Td><Table.Td>{p.name}</Table.Td><Table.Td>{p.isUsgsSite ? 'yes' : 'no'}</Table.Td>
                  <Table.Td>{p.lat.toFixed(4)}</Table.Td><Table.Td>{p.lng.toFixed(4)}</Table.Td><Table.Td>{p.calibration}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <ErrorList error={save.error} />
      <SuccessAlert show={saved} onClose={() => setSaved(false)} />
      <EditorActionBar
        canSave={dirty && !problem && !save.isPending}
        saving={save.isPending}
        saveProblem={problem}
        onSave={() => save.mutate(ignore ? { ignoreCalibration: true } : { ignoreCalibration: false, customCalibrationID: Number(optionId) })}
        back={back}
        canRemove={!!data?.changes.hasChanges}
        remove={removeAll}
      />
    </Stack>
  );
}
