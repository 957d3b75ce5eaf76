// CE-QUAL-W2 File Generation (spec 2 §2, §9): the request list, the request form (output type
// RCH or SUB, all or chosen subbasins) and the monthly algae fraction dialog. A complete request
// downloads a zip of the QIN, TIN and CIN files of each reach or subbasin.
import { Button, Group, Loader, Modal, NumberInput, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  algaeFractionProblems,
  CEQUAL_ALGAE_FRACTIONS,
  CEQUAL_OUTPUT_TYPES,
  CustomOutputRequestList,
  ErrorList,
  MONTH_NAMES,
  OutputPage,
  SubbasinChoice,
  subbasinChoiceValid,
  useCustomOutputPage,
  useRequestSubmit,
  type PageProps,
  type SubbasinChoiceValue,
} from '@headwater/plugin-sdk';

export const CEQUAL_REQUIRES = { daily: true, moreYearsThan: 3 };
type Fractions = [number, number, number][];
const defaults = (): Fractions => CEQUAL_ALGAE_FRACTIONS.map((m) => [m[0], m[1], m[2]]);

/** The monthly algae fractions (Algae 1 / 2 / 3), each month adding up to 1. */
export function AlgaeFractionsDialog({ opened, value, onSave, onClose }: { opened: boolean; value: Fractions; onSave: (v: Fractions) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<(number | string)[][]>(value);
  const numeric = draft.map((m) => m.map((v) => (v === '' ? NaN : Number(v)))) as Fractions;
  const problems = algaeFractionProblems(numeric, MONTH_NAMES);
  const set = (m: number, k: number, v: number | string) => setDraft((d) => d.map((row, i) => (i === m ? row.map((x, j) => (j === k ? v : x)) : row)));
  return (
    <Modal opened={opened} onClose={onClose} title="Monthly algae fractions" size="lg">
      <Stack>
        <Text size="sm">The fraction of algae in each of the three algae groups of the CIN files, by month.</Text>
        <Table data-testid="algae-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th>Algae 1</Table.Th>
              <Table.Th>Algae 2</Table.Th>
              <Table.Th>Algae 3</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.map((row, m) => (
              <Table.Tr key={m}>
                <Table.Td>{MONTH_NAMES[m]}</Table.Td>
                {row.map((v, k) => (
                  <Table.Td key={k}>
                    <NumberInput value={v} onChange={(x) => set(m, k, x)} min={0} max={1} step={0.05} decimalScale={3} size="xs" w={90} aria-label={`${MONTH_NAMES[m]} algae ${k + 1}`} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {problems.length > 0 && <ErrorList error={problems} />}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setDraft(defaults())}>
            Reset to the defaults
          </Button>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={problems.length > 0} onClick={() => onSave(numeric)} data-testid="algae-save">
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

function CeQualTool({ scenarioID }: { scenarioID: string }) {
  const page = useCustomOutputPage('cequal', scenarioID, 'ce-qual');
  const [choice, setChoice] = useState<SubbasinChoiceValue>({ applyToAll: true, subbasins: [] });
  const [outputType, setOutputType] = useState<string>('RCH');
  const [algae, setAlgae] = useState<Fractions>(defaults);
  const [dialog, setDialog] = useState(false);
  const { submit, busy, feedback, error } = useRequestSubmit('cequal', scenarioID, () => void page.refresh());
  if (page.isLoading) return <Loader />;
  if (page.error || !page.data) return <ErrorList error={page.error} />;
  const data = page.data;
  const changed = JSON.stringify(algae) !== JSON.stringify(defaults());
  const fieldErrors = (error as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors ?? {};
  return (
    <Stack>
      <Title order={4}>Requests</Title>
      <CustomOutputRequestList requests={data.requests} columns={[{ header: 'Output type', cell: (r) => r.outputType }]} onRefresh={() => void page.refresh()} onDeleted={() => void page.refresh()} />
      <Paper withBorder p="md">
        <Stack>
          <Title order={4}>New request</Title>
          <Radio.Group label="Output type" value={outputType} onChange={setOutputType}>
            <Group mt={6}>
              {CEQUAL_OUTPUT_TYPES.map((t) => (
                <Radio key={t.value} value={t.value} label={t.label} data-testid={`output-type-${t.value}`} />
              ))}
            </Group>
          </Radio.Group>
          <SubbasinChoice value={choice} onChange={setChoice} subbasins={data.subbasins} error={fieldErrors.subbasins?.[0]} />
          <Group>
            <Button variant="default" onClick={() => setDialog(true)} data-testid="algae-open">
              Monthly algae fractions
            </Button>
            <Text size="sm" c="dimmed">
              {changed ? 'Your own fractions' : 'The default fractions'}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            Sediment is split into inorganic suspended solids as 10% sand, 50% silt and 40% clay (ISS1–ISS3; ISS4–ISS6 zero).
          </Text>
          {feedback}
          <Group>
            <Button
              onClick={() => void submit({ outputType, applyToAll: choice.applyToAll, subbasins: choice.applyToAll ? [] : choice.subbasins, algaeFractions: algae })}
              disabled={!subbasinChoiceValid(choice)}
              loading={busy}
              data-testid="submit-request"
            >
              Submit request
            </Button>
          </Group>
        </Stack>
      </Paper>
      {dialog && (
        <AlgaeFractionsDialog
          opened
          value={algae}
          onClose={() => setDialog(false)}
          onSave={(v) => {
            setAlgae(v);
            setDialog(false);
          }}
        />
      )}
    </Stack>
  );
}

export function CeQualPage(props: PageProps) {
  return (
    <OutputPage {...props} title="CE-QUAL-W2 File Generation" requires={CEQUAL_REQUIRES}>
      {() => <CeQualTool scenarioID={props.params.scenarioID ?? ''} />}
    </OutputPage>
  );
}
