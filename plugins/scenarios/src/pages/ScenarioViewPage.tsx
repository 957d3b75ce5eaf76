// Scenario view /projects/:id/scenarios/:scenarioID (spec 2 §2, §4): the running or error view,
// then the tabs Overview, Customize SWAT Inputs and, once the scenario has run, Output Data.
import { Tabs } from '@mantine/core';
import { ERROR_REPORT_MESSAGES, ErrorList, PageLayout, ROUTES, SuccessAlert, queryFallback, useRouteRef, useTabParam, type PageProps } from '@headwater/plugin-sdk';
import { useCallback, useState } from 'react';
import { Crumbs } from '../components/Crumbs.tsx';
import { useScenario } from '../hooks.ts';
import { SCENARIO_MESSAGES } from '../logic.ts';
import { OverviewTab } from '../view/OverviewTab.tsx';
import { RunErrorView } from '../view/RunErrorView.tsx';
import { RunningView } from '../view/RunningView.tsx';
import { InputsTab, OutputsTab } from '../view/ToolsTab.tsx';

const TABS = ['overview', 'inputs', 'outputs'] as const;

export function ScenarioViewPage({ params }: PageProps) {
  const id = params.id!;
  const scenarioID = params.scenarioID!;
  const { query, data, live, invalidate, invalidateLists } = useScenario(id, scenarioID);
  // Output Data only once the scenario has run.
  const [tab, selectTab] = useTabParam(TABS, 'overview', (t) => t !== 'outputs' || !!data?.status.hasRun);
  const [reported, setReported] = useState(false);
  const scenarioList = useRouteRef(ROUTES.ScenarioList)?.({ id });
  const closeReported = useCallback(() => setReported(false), []);

  if (!data) return queryFallback(query, 'Scenario');
  // A scenario of another project is refused client-side (spec 2 §7).
  if (String(data.scenario.projectID) !== String(id))
    return (
      <PageLayout title="Scenario">
        <ErrorList error={SCENARIO_MESSAGES.invalidScenario} />
      </PageLayout>
    );

  const { scenario, status } = data;

  return (
    <PageLayout title={scenario.name} documentTitle={`${scenario.name} · ${data.project?.name ?? 'Scenario'}`}>
      <Crumbs projectID={id} projectName={data.project?.name} trail={[{ label: 'Scenarios', to: scenarioList }, { label: scenario.name }]} />
      <SuccessAlert show={reported} message={ERROR_REPORT_MESSAGES.submitted} onClose={closeReported} />
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
