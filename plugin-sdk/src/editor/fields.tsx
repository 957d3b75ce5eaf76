// The SDK's rjsf fields, registered by name like its widgets (`"ui:field": "valueTable"`), so an
// editor's uiSchema stays plain JSON. Loaded with the form, never with the shell. On a one-setting
// page they read the page's GET answer from the form context (SettingFormContext).
//
// - `valueTable`: an array of `{ name, value }` as a table — a name, its description, a number —
//   with an apply-to-all value (nutrient efficiency: one value per land use, spec 2 §2).
// - `hruPicker`: an array of HRU ids chosen from the project's HRUs (HRUs to print, spec 2 §2 and
//   §4): the saved selection with Remove Selection, or a filter (subbasin, land use, soil, slope),
//   Get Matching HRUs, and the matches (50 per page, checkboxes, the first `maxItems` preselected).
import { Alert, Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { getUiOptions, type FieldProps, type RegistryFieldsType } from '@rjsf/utils';
import { useState } from 'react';
import { useApiMutation } from '../api/hooks.ts';
import { ErrorList } from '../ui/ErrorList.tsx';
import { HruMatchTable, type HruRow } from './HruMatchTable.tsx';
import { HruSelector } from './HruSelector.tsx';
import { EDITOR_MESSAGES } from './messages.ts';
import { emptySelection } from './selection.ts';
import type { SettingFormContext } from './SingleSettingEditor.tsx';
import type { HruSelection } from './types.ts';

type ErrorNode = { __errors?: string[]; [key: string]: unknown };
const errorsOf = (node: unknown): string[] => ((node as ErrorNode | undefined)?.__errors ?? []) as string[];
/** A field's own errors: rjsf hands them as `rawErrors` (and keeps the children's in `errorSchema`). */
const ownErrors = (rawErrors: string[] | undefined, errorSchema: unknown): string[] => [...new Set([...(rawErrors ?? []), ...errorsOf(errorSchema)])];

// ─── valueTable ─────────────────────────────────────────────────────────────────────────

export type NamedValue = { name: string; value?: number };

/** `ui:options`: `descriptions` — the key of the page's GET answer holding a description per name
 * (default `descriptions`); `emptyText` — shown when there are no rows; `nameTitle` — the name
 * column's title. */
export function ValueTableField({ schema, uiSchema, formData, onChange, fieldPathId, errorSchema, rawErrors, registry, disabled, readonly, name }: FieldProps<NamedValue[]>) {
  const options = getUiOptions(uiSchema);
  const ctx = (registry.formContext ?? {}) as SettingFormContext;
  const rows = Array.isArray(formData) ? formData : [];
  const itemSchema = ((schema.items ?? {}) as { properties?: Record<string, { title?: string; minimum?: number; maximum?: number; description?: string }> }).properties?.value ?? {};
  const title = (schema.title as string | undefined) ?? name;
  const valueTitle = itemSchema.title ?? 'Value';
  const descriptions = ((ctx.setting as Record<string, unknown> | undefined)?.[(options.descriptions as string | undefined) ?? 'descriptions'] ?? {}) as Record<string, string>;
  const [all, setAll] = useState<number | string>('');
  const set = (next: NamedValue[]) => onChange(next, fieldPathId.path);
  const toNumber = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v));
  const off = disabled || readonly;
  return (
    <Stack gap="sm" role="group" aria-label={title}>
      <Text fw={500}>{title}</Text>
      {schema.description && (
        <Text size="sm" c="dimmed">
          {schema.description}
        </Text>
      )}
      {ownErrors(rawErrors, errorSchema).length > 0 && <ErrorList error={ownErrors(rawErrors, errorSchema)} />}
      {rows.length === 0 ? (
        <Alert color="blue" data-testid="value-table-empty">
          {(options.emptyText as string | undefined) ?? 'Nothing to set.'}
        </Alert>
      ) : (
        <>
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={`${valueTitle}: apply to all`}
              w={220}
              min={itemSchema.minimum}
              max={itemSchema.maximum}
              step={0.1}
              decimalScale={3}
              value={all}
              disabled={off}
              onChange={setAll}
            />
            <Button variant="default" disabled={off || toNumber(all) === undefined} onClick={() => set(rows.map((r) => ({ ...r, value: toNumber(all) })))}>
              Apply to all
            </Button>
          </Group>
          <Table withTableBorder data-testid="value-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{(options.nameTitle as string | undefined) ?? 'Name'}</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>{valueTitle}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => {
                const errors = errorsOf((errorSchema as Record<number, Record<string, unknown>> | undefined)?.[i]?.value);
                return (
                  <Table.Tr key={row.name}>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td>{descriptions[row.name] ?? ''}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`${valueTitle} of ${row.name}`}
                        w={160}
                        min={itemSchema.minimum}
                        max={itemSchema.maximum}
                        step={0.1}
                        decimalScale={3}
                        value={row.value ?? ''}
                        disabled={off}
                        error={errors.length ? errors.join('\n') : undefined}
                        onChange={(v) => set(rows.map((r, k) => (k === i ? { ...r, value: toNumber(v) } : r)))}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

// ─── hruPicker ──────────────────────────────────────────────────────────────────────────

/** What a page's GET answer tells the picker: whether a selection is saved, and its rows (or the
 * rows printed by default). */
export type HruPickerSetting = { hasMods?: boolean; selected?: HruRow[] };

export function HruPickerField({ schema, formData, onChange, fieldPathId, errorSchema, rawErrors, registry, disabled, readonly, name }: FieldProps<number[]>) {
  const ctx = (registry.formContext ?? {}) as SettingFormContext;
  const setting = (ctx.setting ?? {}) as HruPickerSetting;
  const projectID = ctx.params?.id ?? '';
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : 20;
  const title = (schema.title as string | undefined) ?? name;
  const value = Array.isArray(formData) ? formData : [];
  const [selection, setSelection] = useState<HruSelection>(emptySelection);
  const [matches, setMatches] = useState<HruRow[] | null>(null);
  const set = (ids: number[]) => onChange(ids, fieldPathId.path);
  const matching = useApiMutation<Record<string, unknown>, HruRow[]>('POST', `hruselection/matching/${projectID}`, {
    onSuccess: (rows) => {
      setMatches(rows);
      // spec 2 §9: the first 20 matches are preselected
      set(rows.slice(0, max).map((r) => r.id));
    },
  });
  const errors = ownErrors(rawErrors, errorSchema);
  const off = disabled || readonly;

  if (setting.hasMods) {
    return (
      <Stack gap="sm" role="group" aria-label={title}>
        <Text fw={500}>{title}</Text>
        <Text size="sm">The scenario prints these HRUs. Remove the selection to choose others (until then the run prints the first {max} HRUs of the project).</Text>
        <HruMatchTable rows={setting.selected ?? []} data-testid="hru-print-selection" />
        <Group>
          <Button color="red" variant="outline" onClick={() => ctx.remove?.()} loading={ctx.removing} disabled={off || !ctx.remove}>
            Remove Selection
          </Button>
        </Group>
      </Stack>
    );
  }

  const canMatch = selection.applyToAll || selection.subbasins.length > 0;
  return (
    <Stack gap="sm" role="group" aria-label={title}>
      <Text fw={500}>{title}</Text>
      {schema.description && (
        <Text size="sm" c="dimmed">
          {schema.description}
        </Text>
      )}
      <HruSelector projectID={projectID} mode="hru" value={selection} onChange={setSelection} disabled={off || matching.isPending} />
      <Group>
        <Button
          variant="default"
          disabled={off || !canMatch}
          title={canMatch ? undefined : EDITOR_MESSAGES.matchingNeedsSubbasin}
          loading={matching.isPending}
          onClick={() =>
            matching.mutate(
              selection.applyToAll
                ? { applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [] }
                : { applyToAll: false, subbasins: selection.subbasins, landuses: selection.landuses, soils: selection.soils, slopes: selection.slopes },
            )
          }
        >
          Get Matching HRUs
        </Button>
        {!canMatch && (
          <Text size="sm" c="dimmed">
            {EDITOR_MESSAGES.matchingNeedsSubbasin}
          </Text>
        )}
      </Group>
      <ErrorList error={matching.error} />
      {errors.length > 0 && <ErrorList error={errors} />}
      {matches && (
        <HruMatchTable
          rows={matches}
          selected={value}
          max={max}
          disabled={off}
          onToggle={(id, on) => set(on ? [...value.filter((x) => x !== id), id] : value.filter((x) => x !== id))}
          data-testid="hru-matches"
        />
      )}
    </Stack>
  );
}

/** The SDK's fields by name; editors add their own through `defineEditor(pkg, { fields })`. */
export const EDITOR_FIELDS: RegistryFieldsType = {
  valueTable: ValueTableField as RegistryFieldsType[string],
  hruPicker: HruPickerField as RegistryFieldsType[string],
};
