// Baseflow Separation (spec 2 §2, §5): the request list and the request form — all or chosen
// subbasins, the filter parameter (0.98) and BFI max (0.8), both numbers from 0 to 1, with the
// suggested BFI max values. Each complete request links to its results.
import { Button, Group, Loader, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  BASEFLOW_DEFAULTS,
  baseflowParamsProblem,
  BFI_MAX_SUGGESTIONS,
  CustomOutputRequestList,
  ErrorList,
  OutputPage,
  ROUTES,
  RouteLink,
  SubbasinChoice,
  subbasinChoiceValid,
  useCustomOutputPage,
  useRequestSubmit,
  type PageProps,
  type SubbasinChoiceValue,
} from '@headwater/plugin-sdk';

export const BASEFLOW_REQUIRES = { daily: true, moreYearsThan: 3 };

function BaseflowTool({ projectID, scenarioID }: { projectID: string; scenarioID: string }) {
  const page = useCustomOutputPage('baseflowseparation', scenarioID, 'baseflow');
  const [choice, setChoice] = useState<SubbasinChoiceValue>({ applyToAll: true, subbasins: [] });
  const [filterParameter, setFilterParameter] = useState<number | string>(BASEFLOW_DEFAULTS.filterParameter);
  const [bfiMax, setBfiMax] = useState<number | string>(BASEFLOW_DEFAULTS.bfiMax);
  const { submit, busy, feedback, error } = useRequestSubmit('baseflowseparation', scenarioID, () => void page.refresh());
  if (page.isLoading) return <Loader />;
  if (page.error || !page.data) return <ErrorList error={page.error} />;
  const data = page.data;
  const problem = baseflowParamsProblem(filterParameter, bfiMax);
  const fieldErrors = (error as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors ?? {};
  return (
    <Stack>
      <Title order={4}>Requests</Title>
      <CustomOutputRequestList
        requests={data.requests}
        columns={[
          { header: 'Filter parameter', cell: (r) => r.filterParameter ?? '' },
          { header: 'BFI max', cell: (r) => r.bfiMax ?? '' },
        ]}
        results={(r) => (
          <RouteLink to={ROUTES.BaseflowResult} params={{ id: projectID, scenarioID, requestID: r.id }} data-testid="request-results">
            Results
          </RouteLink>
        )}
        onRefresh={() => void page.refresh()}
        onDeleted={() => void page.refresh()}
      />
      <Paper withBorder p="md">
        <Stack>
          <Title order={4}>New request</Title>
          <Text size="sm" c="dimmed">
            The daily flow of each subbasin's reach is separated with the Eckhardt recursive digital filter.
          </Text>
          <SubbasinChoice value={choice} onChange={setChoice} subbasins={data.subbasins} error={fieldErrors.subbasins?.[0]} />
          <Group align="flex-start">
            <NumberInput label="Filter parameter" value={filterParameter} onChange={setFilterParameter} min={0} max={1} clampBehavior="none" step={0.01} decimalScale={4} w={200} error={problem ? ' ' : undefined} data-testid="filter-parameter" />
            <NumberInput label="BFI max" value={bfiMax} onChange={setBfiMax} min={0} max={1} clampBehavior="none" step={0.05} decimalScale={4} w={200} error={problem ? ' ' : undefined} data-testid="bfi-max" />
          </Group>
          {problem && (
            <Text c="red" size="sm" data-testid="baseflow-problem">
              {problem}
            </Text>
          )}
          <Stack gap={4}>
            <Text size="sm">Suggested BFI max:</Text>
            <Group gap="xs">
              {BFI_MAX_SUGGESTIONS.map((s) => (
                <Button key={s.value} size="compact-sm" variant={Number(bfiMax) === s.value ? 'light' : 'default'} onClick={() => setBfiMax(s.value)} data-testid={`bfi-suggestion-${s.value}`}>
                  {s.value} — {s.label}
                </Button>
              ))}
            </Group>
          </Stack>
          {feedback}
          <Group>
            <Button
              onClick={() => void submit({ applyToAll: choice.applyToAll, subbasins: choice.applyToAll ? [] : choice.subbasins, filterParameter: Number(filterParameter), bfiMax: Number(bfiMax) })}
              disabled={!subbasinChoiceValid(choice) || !!problem}
              loading={busy}
              data-testid="submit-request"
            >
              Submit request
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

export function BaseflowPage(props: PageProps) {
  return (
    <OutputPage {...props} title="Baseflow Separation" requires={BASEFLOW_REQUIRES}>
      {() => <BaseflowTool projectID={props.params.id ?? ''} scenarioID={props.params.scenarioID ?? ''} />}
    </OutputPage>
  );
}
