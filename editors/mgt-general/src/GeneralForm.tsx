// The general management form (spec 2 §2 'General management: ... edit a table Input Variable /
// Value / Default in sections Initial Plant Growth, General Management, Urban Management,
// Irrigation Management, Tile Drain Management'; §5 conditional fields): one rjsf field for the
// whole form (uiSchema `ui:field: mgtGeneral`), its lists and defaults from the page's GET answer
// (the form context of the SDK's hru-data page). rjsf validates the values with the schema; the
// errors show in their rows.
import { Group, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { HruDataFormContext } from '@headwater/plugin-sdk';
import { SECTIONS, visibleFields, type Mgt1Change } from './schema.ts';

type Option = { value: number; text: string };
type Answer = { defaults?: Record<string, number>; info?: Record<string, unknown>; plantList?: Option[]; urbanList?: Option[]; irrscList?: Option[]; iurbanList?: Option[]; cnEditOptions?: Option[] };

/** The list a select field takes its options from. */
const LISTS: Partial<Record<keyof Mgt1Change, keyof Answer>> = {
  PLANT_ID: 'plantList',
  URBLU: 'urbanList',
  IRRSC: 'irrscList',
  IURBAN: 'iurbanList',
  CurveNumberEditMethod: 'cnEditOptions',
};

type ErrorNode = { __errors?: string[] } & Record<string, unknown>;

/** What rjsf gives a field (rjsf's FieldProps, the parts used here). */
export type RootFieldProps = {
  formData?: Record<string, unknown>;
  onChange: (value: Record<string, unknown>, path?: unknown) => void;
  errorSchema?: unknown;
  registry: { formContext?: unknown };
  disabled?: boolean;
  readonly?: boolean;
  schema: { properties?: unknown };
  fieldPathId: { path: unknown };
};

export function GeneralForm({ formData, onChange, errorSchema, registry, disabled, readonly, schema, fieldPathId }: RootFieldProps) {
  const ctx = (registry.formContext ?? {}) as HruDataFormContext;
  const answer = (ctx.data ?? {}) as Answer;
  const values = (formData ?? {}) as Record<string, unknown>;
  const visible = visibleFields(values as Mgt1Change);
  const props = (schema.properties ?? {}) as Record<string, { title?: string; description?: string; minimum?: number; maximum?: number; type?: string }>;
  const errors = (errorSchema ?? {}) as Record<string, ErrorNode | undefined>;
  const off = disabled || readonly;
  const set = (key: string, v: unknown) => onChange({ ...values, [key]: v }, fieldPathId.path);
  const defaultText = (key: string) => {
    if (key === 'CN2Adjust' || key === 'CurveNumberEditMethod') return '';
    const d = answer.defaults?.[key];
    const list = LISTS[key as keyof Mgt1Change];
    if (list && d !== undefined) return (answer[list] as Option[] | undefined)?.find((o) => o.value === d)?.text ?? String(d);
    return d === undefined ? '' : String(d);
  };

  const control = (key: string) => {
    const p = props[key] ?? {};
    const label = p.title ?? key;
    const error = errors[key]?.__errors?.join(' ');
    const list = LISTS[key as keyof Mgt1Change];
    if (list) {
      const options = ((answer[list] as Option[] | undefined) ?? []).map((o) => ({ value: String(o.value), label: o.text }));
      const v = values[key];
      return (
        <Select
          aria-label={label}
          data={options}
          value={v === undefined || v === null ? null : String(v)}
          onChange={(s) => set(key, s === null ? undefined : Number(s))}
          searchable
          disabled={off}
          error={error}
          nothingFoundMessage="Nothing found"
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    const v = values[key];
    return (
      <NumberInput
        aria-label={label}
        value={typeof v === 'number' ? v : typeof v === 'string' ? v : ''}
        onChange={(n) => set(key, n === '' ? undefined : n)}
        min={p.minimum}
        max={p.maximum}
        decimalScale={p.type === 'integer' ? 0 : 4}
        disabled={off}
        error={error}
      />
    );
  };

  return (
    <Stack gap="lg" data-testid="mgt-general-form">
      {answer.info && (
        <Group gap="lg">
          <Text size="sm" c="dimmed">
            Rotation years (NROT): {String(answer.info.NROT ?? '')}
          </Text>
          <Text size="sm" c="dimmed">
            Scheduled by heat units: {answer.info.HUSC ? 'yes' : 'no'}
          </Text>
          {answer.info.HYD_GRP ? (
            <Text size="sm" c="dimmed">
              Hydrologic soil group: {String(answer.info.HYD_GRP)}
            </Text>
          ) : null}
        </Group>
      )}
      {SECTIONS.map((section) => {
        const rows = section.fields.filter((f) => visible.has(f));
        return (
          <Stack key={section.key} gap={4}>
            <Title order={5}>{section.title}</Title>
            <Table withTableBorder layout="fixed" data-testid={`section-${section.key}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="40%">Input Variable</Table.Th>
                  <Table.Th w="35%">Value</Table.Th>
                  <Table.Th>Default</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((key) => (
                  <Table.Tr key={key}>
                    <Table.Td>
                      <Text fw={500} size="sm">
                        {props[key]?.title ?? key}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {props[key]?.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>{control(key)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{defaultText(key)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        );
      })}
    </Stack>
  );
}
