// The shared HRU selector (spec 2 §2): subbasins (a list now; a map picker plugs in through
// `subbasinMap`), then land uses, soils and slopes in cascade — choosing subbasins loads land
// uses, land uses load soils, soils load slopes — and every change emits the whole selection.
// 'Apply to all' covers every HRU. Months for `subbasin-months`; exactly one of each for
// `single-hru`. A choice that a new upstream choice no longer offers is dropped.
import { Anchor, Checkbox, Group, Loader, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { api, type ApiError } from '../api/client.ts';
import { useApiQuery } from '../api/hooks.ts';
import { ErrorList } from '../ui/ErrorList.tsx';
import { MONTH_NAMES } from './messages.ts';
import { emptySelection } from './selection.ts';
import type { EditorSelectionMode, HruSelection } from './types.ts';
import { SubbasinMapPicker } from './SubbasinMapPicker.tsx';

export type SubbasinOption = { id: number; name: string; number?: number };
export type NamedOption = { name: string; description?: string };

/** A map picker for subbasins; the selector offers List | Map (default: SubbasinMapPicker, the project's subbasins as SVG). */
export type SubbasinMapPickerProps = {
  projectID: string | number;
  subbasins: SubbasinOption[];
  selected: number[];
  /** False in `single-hru` mode: a click replaces the selection. */
  multiple: boolean;
  onChange: (ids: number[]) => void;
};

export type HruSelectorProps = {
  projectID: string | number;
  mode: Exclude<EditorSelectionMode, 'none'>;
  /** Controlled selection; leave out for an uncontrolled selector starting at `defaultValue`. */
  value?: HruSelection;
  defaultValue?: HruSelection;
  /** Every change: the whole selection, plus the chosen subbasins' names (the mgt paths use names). */
  onChange?: (selection: HruSelection, detail: { subbasinNames: string[] }) => void;
  subbasinMap?: ComponentType<SubbasinMapPickerProps>;
  disabled?: boolean;
};

const sameList = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const retry = (count: number, error: ApiError) => error.status >= 500 && count < 2;

/** A lookup of the cascade: POST `path` with `body` while `enabled`. */
function useLookup(path: string, body: Record<string, unknown>, enabled: boolean) {
  return useQuery<NamedOption[], ApiError>({
    queryKey: ['api', path, body],
    queryFn: () => api.post<NamedOption[]>(path, body),
    enabled,
    retry,
    placeholderData: (prev) => prev,
  });
}

/** The names a lookup allows now: empty when the upstream choice is empty, null while unknown. */
function allowed(q: { data?: NamedOption[]; isPlaceholderData: boolean }, enabled: boolean): Set<string> | null {
  if (!enabled) return new Set();
  if (!q.data || q.isPlaceholderData) return null;
  return new Set(q.data.map((o) => o.name));
}

const keep = (list: string[], set: Set<string> | null) => (set ? list.filter((x) => set.has(x)) : list);

export function HruSelector({ projectID, mode, value, defaultValue, onChange, subbasinMap: MapPicker = SubbasinMapPicker, disabled }: HruSelectorProps) {
  const [inner, setInner] = useState<HruSelection>(() => defaultValue ?? emptySelection());
  const sel = value ?? inner;
  const single = mode === 'single-hru';
  const cascade = mode === 'hru' || single;
  const withMonths = mode === 'subbasin-months';
  const listsActive = single || !sel.applyToAll;
  const [picker, setPicker] = useState<'list' | 'map'>('list');

  const subbasinsQ = useApiQuery<SubbasinOption[]>(`hruselection/subbasins/${projectID}`);
  const subbasins = useMemo(() => subbasinsQ.data ?? [], [subbasinsQ.data]);
  const landuseOn = cascade && listsActive && sel.subbasins.length > 0;
  const soilsOn = landuseOn && sel.landuses.length > 0;
  const slopesOn = soilsOn && sel.soils.length > 0;
  const landuseQ = useLookup(`hruselection/landuse/${projectID}`, { subbasins: sel.subbasins }, landuseOn);
  const soilsQ = useLookup(`hruselection/soils/${projectID}`, { subbasins: sel.subbasins, landuse: sel.landuses }, soilsOn);
  const slopesQ = useLookup(`hruselection/slopes/${projectID}`, { subbasins: sel.subbasins, landuse: sel.landuses, soils: sel.soils }, slopesOn);

  const emit = (next: HruSelection) => {
    if (value === undefined) setInner(next);
    const byId = new Map(subbasins.map((s) => [s.id, s.name]));
    onChange?.(next, { subbasinNames: next.subbasins.map((id) => byId.get(id) ?? String(id)) });
  };

  // Drop choices the current upstream choice no longer offers (one emit for the whole chain).
  useEffect(() => {
    if (!cascade || !listsActive) return;
    const landuses = keep(sel.landuses, allowed(landuseQ, landuseOn));
    const soils = keep(sel.soils, allowed(soilsQ, landuseOn && landuses.length > 0 && soilsOn));
    const slopes = keep(sel.slopes, allowed(slopesQ, landuseOn && soils.length > 0 && slopesOn));
    if (!sameList(landuses, sel.landuses) || !sameList(soils, sel.soils) || !sameList(slopes, sel.slopes)) emit({ ...sel, landuses, soils, slopes });
    // `emit` is recreated every render; the selection and the lookups' answers are the triggers.
  }, [sel, cascade, listsActive, landuseOn, soilsOn, slopesOn, landuseQ.data, landuseQ.isPlaceholderData, soilsQ.data, soilsQ.isPlaceholderData, slopesQ.data, slopesQ.isPlaceholderData]);

  const set = (patch: Partial<HruSelection>) => emit({ ...sel, ...patch });
  const subbasinData = subbasins.map((s) => ({ value: String(s.id), label: s.name }));
  const named = (list: NamedOption[] | undefined) => (list ?? []).map((o) => ({ value: o.name, label: o.description ? `${o.name} (${o.description})` : o.name }));

  const listField = (props: {
    label: string;
    data: { value: string; label: string }[];
    value: string[];
    onChange: (v: string[]) => void;
    loading?: boolean;
    inactive?: boolean;
    placeholder?: string;
  }) => {
    const common = {
      label: props.label,
      data: props.data,
      searchable: true,
      disabled: disabled || props.inactive,
      placeholder: props.placeholder,
      rightSection: props.loading ? <Loader size={14} /> : undefined,
      nothingFoundMessage: 'Nothing found',
    };
    if (single)
      return <Select {...common} value={props.value[0] ?? null} onChange={(v) => props.onChange(v ? [v] : [])} clearable />;
    return (
      <Stack gap={2}>
        <MultiSelect {...common} value={props.value} onChange={props.onChange} clearable hidePickedOptions={false} />
        {!props.inactive && props.data.length > 1 && (
          <Group gap="xs">
            <Anchor component="button" type="button" size="xs" onClick={() => props.onChange(props.data.map((d) => d.value))} disabled={disabled}>
              Select all {props.label.toLowerCase()}
            </Anchor>
          </Group>
        )}
      </Stack>
    );
  };

  const error = subbasinsQ.error ?? landuseQ.error ?? soilsQ.error ?? slopesQ.error;

  return (
    <Stack gap="sm" data-testid="hru-selector">
      <ErrorList error={error} />
      {!single && (
        <Checkbox
          label={cascade ? 'Apply to all HRUs' : 'Apply to all subbasins'}
          checked={sel.applyToAll}
          disabled={disabled}
          onChange={(e) => set({ applyToAll: e.currentTarget.checked })}
        />
      )}
      {listsActive && (
        <>
          {MapPicker && (
            <SegmentedControl
              size="xs"
              w="fit-content"
              value={picker}
              onChange={(v) => setPicker(v as 'list' | 'map')}
              data={[
                { value: 'list', label: 'List' },
                { value: 'map', label: 'Map' },
              ]}
            />
          )}
          {MapPicker && picker === 'map' ? (
            <MapPicker
              projectID={projectID}
              subbasins={subbasins}
              selected={sel.subbasins}
              multiple={!single}
              onChange={(ids) => set({ subbasins: single ? ids.slice(-1) : ids })}
            />
          ) : (
            listField({
              label: 'Subbasins',
              data: subbasinData,
              value: sel.subbasins.map(String),
              onChange: (v) => set({ subbasins: v.map(Number) }),
              loading: subbasinsQ.isLoading,
            })
          )}
          {cascade && (
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              {listField({
                label: 'Land uses',
                data: named(landuseQ.data && landuseOn ? landuseQ.data : []),
                value: sel.landuses,
                onChange: (v) => set({ landuses: v }),
                loading: landuseQ.isFetching,
                inactive: !landuseOn,
                placeholder: landuseOn ? undefined : 'Choose subbasins first',
              })}
              {listField({
                label: 'Soils',
                data: named(soilsQ.data && soilsOn ? soilsQ.data : []),
                value: sel.soils,
                onChange: (v) => set({ soils: v }),
                loading: soilsQ.isFetching,
                inactive: !soilsOn,
                placeholder: soilsOn ? undefined : 'Choose land uses first',
              })}
              {listField({
                label: 'Slopes',
                data: named(slopesQ.data && slopesOn ? slopesQ.data : []),
                value: sel.slopes,
                onChange: (v) => set({ slopes: v }),
                loading: slopesQ.isFetching,
                inactive: !slopesOn,
                placeholder: slopesOn ? undefined : 'Choose soils first',
              })}
            </SimpleGrid>
          )}
        </>
      )}
      {withMonths && (
        <Checkbox.Group label="Months" value={sel.months.map(String)} onChange={(v) => set({ months: v.map(Number).sort((a, b) => a - b) })}>
          <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="xs" mt={4}>
            {MONTH_NAMES.map((m, i) => (
              <Checkbox key={m} value={String(i + 1)} label={m} disabled={disabled} />
            ))}
          </SimpleGrid>
          <Group gap="xs" mt={4}>
            <Anchor component="button" type="button" size="xs" onClick={() => set({ months: MONTH_NAMES.map((_, i) => i + 1) })} disabled={disabled}>
              Select all months
            </Anchor>
            {sel.months.length > 0 && (
              <Anchor component="button" type="button" size="xs" onClick={() => set({ months: [] })} disabled={disabled}>
                Clear months
              </Anchor>
            )}
          </Group>
        </Checkbox.Group>
      )}
      {!listsActive && (
        <Text size="sm" c="dimmed">
          {cascade ? 'The change applies to every HRU of the project.' : 'The change applies to every subbasin of the project.'}
        </Text>
      )}
    </Stack>
  );
}
