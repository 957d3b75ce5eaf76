// Scenario view /projects/:id/scenarios/:scenarioID (spec 2 §2, §4): the running or error view,
// then the tabs Overview, Customize SWAT Inputs and, once the scenario has run, Output Data.
import { Center, Loader, Tabs } from '@mantine/core';
import { ErrorList, MESSAGES, PageLayout, SuccessAlert, useSearchParams, type PageProps } from '@headwater/plugin-sdk';
import { useCallback, useState } from 'react';
import { Crumbs } from '../components/Crumbs.tsx';
import { useScenario } from '../hooks.ts';
import { SCENARIO_MESSAGES } from '../logic.ts';
import { OverviewTab } from '../view/OverviewTab.tsx';
import { RunErrorView } from '../view/RunErrorView.tsx';
import { RunningView } from '../view/RunningView.tsx';
import { InputsTab, OutputsTab } from '../view/ToolsTab.tsx';

const TABS = ['overview', 'inputs', 'outputs'] as const;
type Tab = (typeof TABS)[number];

export function ScenarioViewPage({ params }: PageProps) {
  const id = params.id!;
  const scenarioID = params.scenarioID!;
  const { query, data, live, invalidate, invalidateLists } = useScenario(id, scenarioID);
  const [search, setSearch] = useSearchParams();
  const [reported, setReported] = useState(false);
  const closeReported = useCallback(() => setReported(false), []);

  if (query.isLoading)
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  if (!data) {
    const status = query.error?.status;
    return (
      <PageLayout title="Scenario">
        <ErrorList error={status === 404 ? MESSAGES.notFound : status === 403 ? MESSAGES.unauthorized : query.error} />
      </PageLayout>
    );
  }
  // A scenario of another project is refused client-side (spec 2 §7).
  if (String(data.scenario.projectID) !== String(id))
    return (
      <PageLayout title="Scenario">
        <ErrorList error={SCENARIO_MESSAGES.invalidScenario} />
      </PageLayout>
    );

  const { scenario, status } = data;
  const requested = search.get('tab') as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) && (requested !== 'outputs' || status.hasRun) ? requested : 'overview';
  const selectTab = (t: string | null) => {
    const next = new URLSearchParams(search);
    if (!t || t === 'overview') next.delete('tab');
    else next.set('tab', t);
    setSearch(next, { replace: true });
  };

  return (
    <PageLayout title={scenario.name} documentTitle={`${scenario.name} · ${data.project?.name ?? 'Scenario'}`}>
      <Crumbs projectID={id} projectName={data.project?.name} trail={[{ label: 'Scenarios', to: `/projects/${id}/scenarios` }, { label: scenario.name }]} />
      <SuccessAlert show={reported} message={SCENARIO_MESSAGES.errorReportSubmitted} onClose={closeReported} />
      {status.isRunning && <RunningView scenarioID={scenario.id} status={status} live={live} onRefresh={() => void query.refetch()} onAborted={() => void invalidate()} />}
      {!status.isRunning && status.hasError && (
        <RunErrorView projectID={scenario.projectID} scenarioID={scenario.id} status={status} onCleared={() => void invalidate()} onReported={() => setReported(true)} />
      )}
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview" data-testid="tab-overview">
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="inputs" data-testid="tab-inputs">
            Customize SWAT Inputs
          </Tabs.Tab>
          {status.hasRun && (
            <Tabs.Tab value="outputs" data-testid="tab-outputs">
              Output Data
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <OverviewTab data={data} onChanged={invalidate} onDeleted={invalidateLists} />
        </Tabs.Panel>
        <Tabs.Panel value="inputs" pt="md">
          <InputsTab data={data} />
        </Tabs.Panel>
        {status.hasRun && (
          <Tabs.Panel value="outputs" pt="md">
            <OutputsTab data={data} />
          </Tabs.Panel>
        )}
      </Tabs>
    </PageLayout>
  );
}
