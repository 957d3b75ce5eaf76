// Create scenario /projects/:id/scenarios/create (spec 2 §2, §5): the scenario form with the
// options' defaults; POST scenarios, then the new scenario's view.
import { Alert, Center, Loader } from '@mantine/core';
import { ErrorList, PageLayout, ROUTES, RouteLink, TierLink, api, useApiQuery, useLinks, useNavigate, type PageProps } from '@headwater/plugin-sdk';
import { Crumbs } from '../components/Crumbs.tsx';
import { ScenarioForm } from '../components/ScenarioForm.tsx';
import { useInvalidateScenarios, useProject } from '../hooks.ts';
import { SCENARIO_MESSAGES, initialValues } from '../logic.ts';
import type { ScenarioOptions } from '../types.ts';

export function CreateScenarioPage({ params }: PageProps) {
  const id = params.id!;
  const project = useProject(id);
  const options = useApiQuery<ScenarioOptions>(`scenarios/options/${id}`, { staleTime: Infinity });
  const invalidate = useInvalidateScenarios(id);
  const navigate = useNavigate();
  const link = useLinks();
  const list = link(ROUTES.ScenarioList, { id });
  const tier = options.data?.tierLimits;
  const hrusNotSet = options.data?.hasSetHrus === false;

  return (
    <PageLayout title="Create a scenario" size="md" documentTitle={project.data ? `Create a scenario · ${project.data.project.name}` : 'Create a scenario'}>
      <Crumbs projectID={id} projectName={project.data?.project.name} trail={[{ label: 'Scenarios', to: list }, { label: 'Create a scenario' }]} />
      <ErrorList error={options.error} />
      {options.isLoading && (
        <Center p="xl">
          <Loader />
        </Center>
      )}
      {hrusNotSet && (
        <Alert color="yellow" data-testid="hrus-not-set">
          {SCENARIO_MESSAGES.hrusNotSet}{' '}
          <RouteLink to={ROUTES.ProjectHrus} params={{ id }}>
            Set HRUs
          </RouteLink>
        </Alert>
      )}
      {tier && !tier.withinLimits && (
        <Alert color="yellow" data-testid="tier-warning">
          {tier.message} <TierLink />
        </Alert>
      )}
      {options.data && tier?.withinLimits !== false && !hrusNotSet && (
        <ScenarioForm
          options={options.data}
          initial={initialValues(options.data)}
          projectID={Number(id)}
          submitLabel="Create scenario"
          onCancel={() => list && navigate(list)}
          onSubmit={async (body) => {
            const created = await api.post<{ id: number } | number>('scenarios', body);
            const newId = typeof created === 'object' && created ? created.id : created;
            await invalidate();
            const view = link(ROUTES.ScenarioView, { id, scenarioID: newId });
            if (view) navigate(view);
          }}
        />
      )}
    </PageLayout>
  );
}
