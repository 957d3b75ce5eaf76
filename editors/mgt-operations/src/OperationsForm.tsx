// The operations editor (spec 2 §2 'Operations management', §4 'Operations editor', §5
// 'Operations'): one rjsf field for the whole form (uiSchema `ui:field: mgtOperations`) — the
// heat units / date toggle, the operations table (edit, year, op number, heat units or
// month/day, operation, crop, remove), sorting, the Edit operation modal (all fields required,
// Ok disabled while errors exist), Add an operation, the default operations and the
// import/export modal. Nothing persists until Save (the SDK's hru-data page).
import { ActionIcon, Alert, Anchor, Button, Group, Modal, NumberInput, ScrollArea, Select, SimpleGrid, Stack, Switch, Table, Tabs, Text } from '@mantine/core';
import { ConfirmDialog, fileHref, fillPath, UploadArea, type HruDataFormContext } from '@headwater/plugin-sdk';
import { useMemo, useState } from 'react';
import { EXPORT_URL, UPLOAD_URL } from './schema.ts';
import {
  fieldsOf,
  newOperation,
  OPERATION_BY_CODE,
  SCHEDULE_MESSAGES,
  scheduleProblem,
  sortOperations,
  withOperation,
  type FieldDef,
  type ListName,
  type OperationRow,
} from './operations.ts';

type Option = { value: number | string; text: string };
type Answer = Partial<Record<ListName | 'opList', Option[]>> & { defaults?: { scheduleByHeatUnits?: boolean; operations?: OperationRow[] } };

/** What rjsf gives a field (rjsf's FieldProps, the parts used here). */
type RootFieldProps = {
  formData?: Record<string, unknown>;
  onChange: (value: Record<string, unknown>, path?: unknown) => void;
  registry: { formContext?: unknown };
  disabled?: boolean;
  readonly?: boolean;
  schema: { properties?: Record<string, { title?: string; description?: string }> };
  fieldPathId: { path: unknown };
};

const COMMON: Record<string, FieldDef> = {
  YEAR: { name: 'YEAR', title: 'Year', description: 'Year of the rotation.', type: 'integer', minimum: 1, maximum: 100, initial: 1 },
  MONTH: { name: 'MONTH', title: 'Month', description: 'Month of the operation (1 to 12).', type: 'integer', minimum: 1, maximum: 12, initial: 1 },
  DAY: { name: 'DAY', title: 'Day', description: 'Day of the operation (1 to 31).', type: 'integer', minimum: 1, maximum: 31, initial: 1 },
  HUSC: { name: 'HUSC', title: 'Heat units', description: 'Fraction of the heat units at which the operation takes place (above 0).', type: 'number', minimum: 0.001, maximum: 10, initial: 0.15 },
  OP_NUM: { name: 'OP_NUM', title: 'Op number', description: '', type: 'integer', minimum: 1, maximum: 100000, initial: 1 },
};

/** The problem of one value of the modal: blank, or out of range. */
function valueProblem(d: FieldDef, v: unknown): string | null {
  if (v === undefined || v === null || v === '') return 'Required';
  const n = Number(v);
  if (!Number.isFinite(n)) return 'Must be a number';
  if (d.type === 'integer' && !Number.isInteger(n)) return 'Must be a whole number';
  if (n < d.minimum || n > d.maximum) return `Must be between ${d.minimum} and ${d.maximum}`;
  return null;
}

function optionText(list: Option[] | undefined, v: unknown): string {
  return list?.find((o) => Number(o.value) === Number(v))?.text ?? (v === undefined ? '' : String(v));
}

/** The Edit operation modal. */
function EditOperationModal({ row, byHeatUnits, answer, onOk, onCancel }: { row: OperationRow; byHeatUnits: boolean; answer: Answer; onOk: (r: OperationRow) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<Record<string, unknown>>(() => ({ ...row }));
  const code = Number(draft.MGT_OP);
  const schedule = byHeatUnits ? [COMMON.YEAR!, COMMON.HUSC!] : [COMMON.YEAR!, COMMON.MONTH!, COMMON.DAY!];
  const own = fieldsOf(code);
  const problems = new Map<string, string>();
  for (const d of [...schedule, ...own]) {
    const p = valueProblem(d, draft[d.name]);
    if (p) problems.set(d.name, p);
  }
  const blank = [...problems.values()].includes('Required');
  const set = (k: string, v: unknown) => setDraft((d) => ({ ...d, [k]: v }));
  const input = (d: FieldDef) => {
    const error = problems.get(d.name);
    if (d.list) {
      const data = (answer[d.list] ?? []).map((o) => ({ value: String(o.value), label: o.text }));
      return (
        <Select
          key={d.name}
          label={d.title}
          description={d.description}
          data={data}
          searchable
          value={draft[d.name] === undefined || draft[d.name] === '' ? null : String(draft[d.name])}
          onChange={(v) => set(d.name, v === null ? '' : Number(v))}
          error={error}
          comboboxProps={{ withinPortal: true }}
          nothingFoundMessage="Nothing found"
        />
      );
    }
    return (
      <NumberInput
        key={d.name}
        label={d.title}
        description={d.description}
        value={(draft[d.name] as number | string | undefined) ?? ''}
        onChange={(v) => set(d.name, v)}
        min={d.minimum}
        max={d.maximum}
        decimalScale={d.type === 'integer' ? 0 : 5}
        error={error}
      />
    );
  };
  return (
    <Modal opened onClose={onCancel} title="Edit operation" size="lg" data-testid="edit-operation">
      <Stack>
        <Select
          label="Operation"
          data={(answer.opList ?? []).map((o) => ({ value: String(o.value), label: o.text }))}
          value={String(code)}
          onChange={(v) => v && setDraft((d) => ({ ...withOperation({ ...(d as OperationRow) }, Number(v)) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>{schedule.map(input)}</SimpleGrid>
        {own.length > 0 && <SimpleGrid cols={{ base: 1, sm: 2 }}>{own.map(input)}</SimpleGrid>}
        {blank && (
          <Alert color="yellow" data-testid="blank-warning">
            {SCHEDULE_MESSAGES.blank}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            disabled={problems.size > 0}
            onClick={() => {
              const out = withOperation({ ...(draft as OperationRow), MGT_OP: code }, code);
              for (const d of [...schedule, ...own]) out[d.name] = Number(draft[d.name]);
              onOk(out);
            }}
          >
            Ok
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The dataset's operations of the HRU (View default operations). */
function DefaultsModal({ answer, onUse, onClose }: { answer: Answer; onUse: () => void; onClose: () => void }) {
  const rows = answer.defaults?.operations ?? [];
  const byHu = answer.defaults?.scheduleByHeatUnits !== false;
  return (
    <Modal opened onClose={onClose} title="Default operations" size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          The operations of this HRU in the dataset, scheduled by {byHu ? 'heat units' : 'date'}.
        </Text>
        <ScrollArea.Autosize mah={400}>
          <Table withTableBorder data-testid="default-operations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Year</Table.Th>
                <Table.Th>Op</Table.Th>
                {byHu ? <Table.Th>Heat units</Table.Th> : <Table.Th>Month/Day</Table.Th>}
                <Table.Th>Operation</Table.Th>
                <Table.Th>Crop</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{r.YEAR}</Table.Td>
                  <Table.Td>{r.OP_NUM}</Table.Td>
                  <Table.Td>{byHu ? r.HUSC : `${r.MONTH}/${r.DAY}`}</Table.Td>
                  <Table.Td>{OPERATION_BY_CODE.get(r.MGT_OP)?.name ?? r.MGT_OP}</Table.Td>
                  <Table.Td>{r.MGT_OP === 1 ? optionText(answer.plantList, r.PLANT_ID) : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onUse}>
            Use the default operations
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function OperationsForm({ formData, onChange, registry, disabled, readonly, schema, fieldPathId }: RootFieldProps) {
  const ctx = (registry.formContext ?? {}) as HruDataFormContext;
  const answer = (ctx.data ?? {}) as Answer;
  const values = formData ?? {};
  const rows = useMemo(() => (Array.isArray(values.operations) ? (values.operations as OperationRow[]) : []), [values.operations]);
  const byHeatUnits = values.scheduleByHeatUnits !== false;
  const off = disabled || readonly;
  const [editing, setEditing] = useState<{ index: number; isNew: boolean } | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [sorting, setSorting] = useState(false);
  const [modal, setModal] = useState<'defaults' | 'io' | null>(null);
  const [imported, setImported] = useState<string | null>(null);
  const update = (next: Partial<{ operations: OperationRow[]; scheduleByHeatUnits: boolean }>) => onChange({ ...values, ...next }, fieldPathId.path);
  const setRows = (next: OperationRow[]) => update({ operations: next });
  const problem = scheduleProblem(rows, byHeatUnits);
  const toggleTitle = schema.properties?.scheduleByHeatUnits?.title ?? 'Schedule by heat units';
  const hru = ctx.hru;
  const exportHref = hru && ctx.scenarioID ? fileHref(fillPath(EXPORT_URL, { scenarioID: ctx.scenarioID, subbasin: hru.subbasinName, landuse: hru.landuse, soil: hru.soil, slope: hru.slope })) : undefined;

  const inlineNumber = (i: number, key: 'YEAR' | 'OP_NUM' | 'HUSC' | 'MONTH' | 'DAY') => {
    const d = COMMON[key]!;
    return (
      <NumberInput
        size="xs"
        w={key === 'HUSC' ? 90 : 70}
        aria-label={`${d.title} of operation ${i + 1}`}
        value={rows[i]![key]}
        min={key === 'HUSC' || key === 'MONTH' || key === 'DAY' ? 0 : d.minimum}
        max={d.maximum}
        decimalScale={d.type === 'integer' ? 0 : 4}
        onChange={(v) => setRows(rows.map((r, k) => (k === i ? { ...r, [key]: typeof v === 'number' ? v : Number(v) || 0 } : r)))}
      />
    );
  };

  return (
    <Stack gap="md" data-testid="mgt-operations-form">
      <Group justify="space-between" align="flex-end">
        <Switch label={toggleTitle} checked={byHeatUnits} disabled={off} onChange={(e) => update({ scheduleByHeatUnits: e.currentTarget.checked })} />
        <Group gap="xs">
          <Button
            size="xs"
            disabled={off || sorting}
            onClick={() => {
              const next = [...rows, newOperation(rows, byHeatUnits)];
              setRows(next);
              setEditing({ index: next.length - 1, isNew: true });
            }}
          >
            Add an operation
          </Button>
          <Button size="xs" variant={sorting ? 'filled' : 'default'} disabled={off || rows.length === 0} onClick={() => {
            if (sorting) setRows(sortOperations(rows, byHeatUnits));
            setSorting((s) => !s);
          }}>
            {sorting ? 'Done sorting' : 'Sort operations'}
          </Button>
          <Button size="xs" variant="default" onClick={() => setModal('defaults')}>
            View default operations
          </Button>
          <Button size="xs" variant="default" disabled={off} onClick={() => setModal('io')}>
            Import/export
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {byHeatUnits ? 'Operations are scheduled by heat units: each takes place when the fraction of heat units is reached.' : 'Operations are scheduled by date (month and day).'}
      </Text>
      {problem && (
        <Alert color="yellow" data-testid="schedule-problem">
          {problem}
        </Alert>
      )}
      {imported && (
        <Alert color="green" withCloseButton onClose={() => setImported(null)}>
          {imported}
        </Alert>
      )}
      <ScrollArea>
        <Table withTableBorder striped data-testid="operations-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Edit</Table.Th>
              <Table.Th>Year</Table.Th>
              <Table.Th>Op</Table.Th>
              {byHeatUnits ? <Table.Th>Heat units</Table.Th> : (
                <>
                  <Table.Th>Month</Table.Th>
                  <Table.Th>Day</Table.Th>
                </>
              )}
              <Table.Th>Operation</Table.Th>
              <Table.Th>Crop</Table.Th>
              <Table.Th>Remove</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text c="dimmed" size="sm">
                    No operations.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((r, i) => (
              <Table.Tr key={i} data-testid="operation-row">
                <Table.Td>
                  <ActionIcon variant="subtle" aria-label={`Edit operation ${i + 1}`} disabled={off || sorting} onClick={() => setEditing({ index: i, isNew: false })}>
                    ✎
                  </ActionIcon>
                </Table.Td>
                <Table.Td>{sorting ? inlineNumber(i, 'YEAR') : r.YEAR}</Table.Td>
                <Table.Td>{sorting ? inlineNumber(i, 'OP_NUM') : r.OP_NUM}</Table.Td>
                {byHeatUnits ? (
                  <Table.Td>{sorting ? inlineNumber(i, 'HUSC') : r.HUSC}</Table.Td>
                ) : (
                  <>
                    <Table.Td>{sorting ? inlineNumber(i, 'MONTH') : r.MONTH}</Table.Td>
                    <Table.Td>{sorting ? inlineNumber(i, 'DAY') : r.DAY}</Table.Td>
                  </>
                )}
                <Table.Td>{OPERATION_BY_CODE.get(r.MGT_OP)?.name ?? r.MGT_OP}</Table.Td>
                <Table.Td>{r.MGT_OP === 1 ? optionText(answer.plantList, r.PLANT_ID) : ''}</Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove operation ${i + 1}`} disabled={off || sorting} onClick={() => setRemoving(i)}>
                    ✕
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {editing && rows[editing.index] && (
        <EditOperationModal
          row={rows[editing.index]!}
          byHeatUnits={byHeatUnits}
          answer={answer}
          onOk={(r) => {
            setRows(rows.map((x, k) => (k === editing.index ? r : x)));
            setEditing(null);
          }}
          onCancel={() => {
            // a new operation left without Ok is not added
            if (editing.isNew) setRows(rows.filter((_, k) => k !== editing.index));
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove operation"
        confirmLabel="Remove"
        danger
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing !== null) setRows(rows.filter((_, k) => k !== removing));
          setRemoving(null);
        }}
      >
        {removing !== null && rows[removing] ? `Remove operation ${removing + 1} (${OPERATION_BY_CODE.get(rows[removing]!.MGT_OP)?.name ?? ''})? Nothing is saved until you press Save.` : ''}
      </ConfirmDialog>
      {modal === 'defaults' && (
        <DefaultsModal
          answer={answer}
          onClose={() => setModal(null)}
          onUse={() => {
            update({ operations: structuredClone(answer.defaults?.operations ?? []), scheduleByHeatUnits: answer.defaults?.scheduleByHeatUnits !== false });
            setModal(null);
          }}
        />
      )}
      {modal === 'io' && (
        <Modal opened onClose={() => setModal(null)} title="Import/export operations" size="lg">
          <Tabs defaultValue="export">
            <Tabs.List>
              <Tabs.Tab value="export">Export</Tabs.Tab>
              <Tabs.Tab value="import">Import</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="export" pt="md">
              <Stack gap="xs">
                <Text size="sm">The operations of this HRU as saved, as a CSV file: one row an operation, its fields in the columns of its operation.</Text>
                {exportHref && (
                  <Anchor href={exportHref} download>
                    Export the operations (CSV)
                  </Anchor>
                )}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="import" pt="md">
              <UploadArea<OperationRow[]>
                url={UPLOAD_URL}
                extensions={['.csv']}
                label="Operations CSV file"
                fields={ctx.scenarioID ? { scenarioID: ctx.scenarioID } : undefined}
                hint="A CSV file as the export writes it (columns YEAR, MONTH, DAY, HUSC, OP_NUM, MGT_OP and the fields of each operation). The imported operations replace the table; nothing is saved until you press Save."
                onUploaded={(ops) => {
                  const next = Array.isArray(ops) ? ops : [];
                  update({ operations: next, scheduleByHeatUnits: next.length ? !next[0]!.DAY : byHeatUnits });
                  setImported(`${next.length} operations imported. Press Save to keep them.`);
                  setModal(null);
                }}
              />
            </Tabs.Panel>
          </Tabs>
        </Modal>
      )}
    </Stack>
  );
}
