// The frame every output tool's page shares (spec 2 §2 'Output pages', §8): loads the scenario,
// then shows — instead of the tool — the login prompt on 401, the 'page running' notice while
// the scenario runs (swapped live when the run starts or ends), a note when it has not run, the
// spec's message when output processing was skipped, and the daily-output and simulated-years
// rules of the tools that need them. The tool's body gets the loaded scenario.
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { useApiQuery } from '../api/hooks.ts';
import { LoginPrompt } from '../editor/EditorPage.tsx';
import type { ScenarioResponse } from '../editor/types.ts';
import { useLiveStatus } from '../live.ts';
import { MESSAGES } from '../messages.ts';
import { OUTPUT_MESSAGES } from '../scenarios.ts';
import type { PageProps } from '../plugin.ts';
import { useRouteRef } from '../plugins.ts';
import { Link } from '../routing.ts';
import { ROUTES } from '../routes.ts';
import { ErrorList } from '../ui/ErrorList.tsx';
import { PageLayout } from '../ui/PageLayout.tsx';

/** SWAT's print settings as the scenario stores them (IPRINT: 0 monthly, 1 daily, 2 yearly). */
export const PRINT_DAILY = 1;

export type OutputRequirements = {
  /** The tool reads daily output (CE-QUAL-W2, flood frequency, baseflow). */
  daily?: boolean;
  /** More than this many simulated years (simulation length minus warm-up), e.g. 3. */
  moreYearsThan?: number;
  /** The tool's own notice when the scenario has not run (e.g. why it needs the run). */
  notRun?: string;
};

export type OutputPageProps = PageProps & {
  title: string;
  requires?: OutputRequirements;
  /** The tool, once the scenario has run and its outputs may be read. */
  children: (data: ScenarioResponse) => ReactNode;
};

type ScenarioStatusEvent = { scenarioID: number | string; isRunning: boolean };

/** Simulated years of a scenario: the simulation period less the warm-up years. */
export function simulatedYears(scenario: ScenarioResponse['scenario']): number {
  const start = new Date(String(scenario.startingSimulationDate));
  const end = new Date(String(scenario.endingSimulationDate));
  const years = end.getUTCFullYear() - start.getUTCFullYear() + 1;
  return Number.isFinite(years) ? years - Number(scenario.skipYears ?? 0) : 0;
}

/** Why the tool cannot be used on this scenario (spec 2 §8), or null. */
export function outputGate(data: ScenarioResponse, requires: OutputRequirements = {}): string | null {
  const runSettings = (data.scenario.runSettings ?? {}) as { noOutputProcessing?: boolean };
  if (!data.status.hasRun && !data.scenario.hasRun) return requires.notRun ?? OUTPUT_MESSAGES.notRun;
  if (runSettings.noOutputProcessing || data.status.noOutputProcessing) return OUTPUT_MESSAGES.outputProcessingSkipped;
  if (requires.daily && Number(data.scenario.printSettingID ?? data.scenario.printSetting) !== PRINT_DAILY) return OUTPUT_MESSAGES.needsDaily;
  if (requires.moreYearsThan !== undefined && simulatedYears(data.scenario) <= requires.moreYearsThan) return OUTPUT_MESSAGES.tooFewYears;
  return null;
}

export function OutputPage({ params, title, requires, children }: OutputPageProps) {
  const projectID = params.id ?? '';
  const scenarioID = params.scenarioID ?? '';
  const scenarioPath = `scenarios/${scenarioID}`;
  const client = useQueryClient();
  const query = useApiQuery<ScenarioResponse>(scenarioPath);
  const running = !!query.data?.status?.isRunning;
  const reload = useCallback(() => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'api' && q.queryKey[1] === scenarioPath }), [client, scenarioPath]);
  useLiveStatus<ScenarioStatusEvent>(scenarioID ? `scenario:${scenarioID}` : null, 'scenario-status', (e) => {
    if (String(e.scenarioID) === String(scenarioID) && e.isRunning !== running) void reload();
  });
  const scenarioView = useRouteRef(ROUTES.ScenarioView)?.({ id: projectID, scenarioID });
  const back = scenarioView && (
    <Group>
      <Button variant="default" component={Link} to={scenarioView}>
        Back to the scenario view
      </Button>
    </Group>
  );

  const data = query.data;
  let body: ReactNode;
  if (query.error instanceof ApiError && query.error.status === 401) body = <LoginPrompt />;
  else if (query.isLoading)
    body = (
      <Center p="xl" data-testid="output-loading">
        <Loader />
      </Center>
    );
  else if (query.error || !data) body = <ErrorList error={query.error ?? MESSAGES.generic} />;
  else if (String(data.scenario.projectID) !== String(projectID)) body = <ErrorList error={OUTPUT_MESSAGES.invalidScenario} />;
  else if (running)
    body = (
      <Stack>
        <Alert color="blue" title="Scenario running" data-testid="page-running">
          {OUTPUT_MESSAGES.pageRunning}
        </Alert>
        {back}
      </Stack>
    );
  else {
    const gate = outputGate(data, requires);
    body = gate ? (
      <Stack>
        <Alert color="yellow" data-testid="output-gate">
          {gate}
        </Alert>
        {back}
      </Stack>
    ) : (
      children(data)
    );
  }
  const subtitle = data ? [data.project?.name, data.scenario?.name].filter(Boolean).join(' · ') : undefined;
  return (
    <PageLayout title={title} documentTitle={title}>
      {subtitle && (
        <Text c="dimmed" mt={-12}>
          {subtitle}
        </Text>
      )}
      {body}
    </PageLayout>
  );
}
