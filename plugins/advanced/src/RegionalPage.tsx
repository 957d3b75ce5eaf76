// /api/regional (spec 3 §2.4, §5): dataset, region and project name; the new project opens.
import { useEffect, useState } from 'react';
import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { ErrorList, ROUTES, api, useApiQuery, useLinks, useNavigate } from '@headwater/plugin-sdk';
import { AdvancedFrame, REGIONAL_ACCESS_TEXT, useAccess } from './shared.tsx';

type Option = { value: number; text: string };
type Options = { datasets: { label: string; options: Option[] }[]; userDatasets: Option[]; defaultDataset: number | null };
type Regions = { regions: Option[]; message: string | null };

export const NO_REGIONS = 'There are no regions configured for the selected dataset. Please contact the developer if it is needed.';

export function RegionalPage() {
  const access = useAccess();
  const options = useApiQuery<Options>(access.data?.regionalProjects ? 'api-requests/regionaloptions' : null);
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const [regionId, setRegionId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const link = useLinks();
  useEffect(() => {
    if (options.data?.defaultDataset) setDatasetId((d) => d ?? String(options.data!.defaultDataset));
  }, [options.data]);
  const regions = useApiQuery<Regions>(datasetId ? `api-requests/datasetregionoptions/${datasetId}` : null);
  useEffect(() => setRegionId(regions.data?.regions[0] ? String(regions.data.regions[0].value) : null), [regions.data]);

  const data = [
    ...(options.data?.datasets ?? []).map((g) => ({ group: g.label, items: g.options.map((o) => ({ value: String(o.value), label: o.text })) })),
    ...(options.data?.userDatasets.length ? [{ group: 'User-submitted datasets', items: options.data.userDatasets.map((o) => ({ value: String(o.value), label: o.text })) }] : []),
  ];
  const check = (v: string) => (!v.trim() ? 'Required' : v.trim().length >= 100 ? 'Must be fewer than 100 characters' : !/[\p{L}\p{N}]/u.test(v) ? 'Must contain at least one letter or number' : null);
  const submit = async () => {
    const problem = check(name);
    setNameError(problem);
    if (problem) return;
    setBusy(true);
    setError(null);
    try {
      const { id } = await api.post<{ id: number }>('api-requests/createregionalproject', { datasetID: datasetId ? Number(datasetId) : null, regionID: regionId ? Number(regionId) : null, projectName: name.trim() });
      const view = link(ROUTES.ProjectView, { id });
      if (view) navigate(view);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const noRegions = regions.data && regions.data.regions.length === 0;
  return (
    <AdvancedFrame route="RegionalCreate">
      {access.data && !access.data.regionalProjects ? (
        <Alert color="gray">{REGIONAL_ACCESS_TEXT}</Alert>
      ) : (
        <Stack maw={520}>
          <ErrorList error={options.error ?? regions.error} />
          <Select label="Dataset" required data={data} value={datasetId} onChange={setDatasetId} searchable data-testid="regional-dataset" />
          {noRegions ? (
            <Alert color="yellow" data-testid="regional-no-regions">
              {NO_REGIONS}
            </Alert>
          ) : (
            <Select label="Region" required data={(regions.data?.regions ?? []).map((r) => ({ value: String(r.value), label: r.text }))} value={regionId} onChange={setRegionId} data-testid="regional-region" />
          )}
          <TextInput label="Project name" required value={name} error={nameError} onChange={(e) => setName(e.currentTarget.value)} data-testid="regional-name" />
          <ErrorList error={error} />
          <Button onClick={() => void submit()} loading={busy} disabled={!datasetId || !regionId || !!noRegions} data-testid="regional-create">
            Create Project
          </Button>
        </Stack>
      )}
    </AdvancedFrame>
  );
}
