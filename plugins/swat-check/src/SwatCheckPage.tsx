// SWAT Check (spec 2 §2, §4): run the check for the whole watershed or one subbasin; then the
// 11 result tabs with their warnings, previous/next buttons that wrap around, and the form
// collapsed with a Hide form / Show form toggle.
import { Badge, Button, Center, Group, Loader, Paper, Radio, Select, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorList, OutputPage, useApiQuery, type PageProps } from '@headwater/plugin-sdk';
import type { SwatCheckResult } from '@headwater/swat/post/check/types.ts';
import { TABS } from './sections.tsx';

type Options = { subbasins: { id: number; name: string; number: number }[] };

/** The tab after (step 1) or before (step −1) `current`, wrapping around. */
export function nextTab(current: string, step: 1 | -1): string {
  const i = TABS.findIndex((t) => t.value === current);
  return TABS[(i + step + TABS.length) % TABS.length]!.value;
}

function Results({ result }: { result: SwatCheckResult }) {
  const [tab, setTab] = useState(TABS[0]!.value);
  const current = TABS.find((t) => t.value === tab)!;
  return (
    <Stack data-testid="swat-check-results">
      <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
        <Tabs.List>
          {TABS.map((t) => {
            const n = t.warnings(result);
            return (
              <Tabs.Tab key={t.value} value={t.value} data-testid={`check-tab-${t.value}`} rightSection={n > 0 ? <Badge size="xs" color="yellow">{n}</Badge> : undefined}>
                {t.label}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Paper p="md">{current.render(result)}</Paper>
      </Tabs>
      <Group justify="space-between">
        <Button variant="default" onClick={() => setTab(nextTab(tab, -1))} data-testid="check-previous">
          Previous
        </Button>
        <Text size="sm" c="dimmed">
          {TABS.indexOf(current) + 1} of {TABS.length}: {current.label}
        </Text>
        <Button variant="default" onClick={() => setTab(nextTab(tab, 1))} data-testid="check-next">
          Next
        </Button>
      </Group>
    </Stack>
  );
}

function SwatCheckTool({ scenarioID }: { scenarioID: string }) {
  const options = useApiQuery<Options>(`scenarios/output/swatcheckoptions/${scenarioID}`);
  const [scope, setScope] = useState<'watershed' | 'subbasin'>('watershed');
  const [subbasin, setSubbasin] = useState<string | null>(null);
  const [checked, setChecked] = useState<string | null>(null); // '0' or a subbasin id
  const [formOpen, setFormOpen] = useState(true);
  const result = useApiQuery<SwatCheckResult>(checked === null ? null : `scenarios/output/swatcheck/${scenarioID}/${checked}`, { staleTime: Infinity });
  if (options.isLoading) return <Loader />;
  if (options.error) return <ErrorList error={options.error} />;
  const subbasins = options.data?.subbasins ?? [];
  const target = scope === 'watershed' ? '0' : subbasin;
  const run = () => {
    if (target === null) return;
    setChecked(target);
    setFormOpen(false);
  };
  const checkedLabel = checked === '0' ? 'the whole watershed' : `subbasin ${subbasins.find((s) => String(s.id) === checked)?.name ?? ''}`;
  return (
    <Stack>
      {checked !== null && (
        <Group justify="space-between">
          <Text data-testid="checked-scope">SWAT Check of {checkedLabel}</Text>
          <Button variant="subtle" size="xs" onClick={() => setFormOpen((o) => !o)} data-testid="toggle-form">
            {formOpen ? 'Hide form' : 'Show form'}
          </Button>
        </Group>
      )}
      {formOpen && (
        <Paper withBorder p="md" data-testid="swat-check-form">
          <Stack>
            <Radio.Group value={scope} onChange={(v) => setScope(v as typeof scope)} label="Check">
              <Group mt={6}>
                <Radio value="watershed" label="The whole watershed" data-testid="scope-watershed" />
                <Radio value="subbasin" label="One subbasin" data-testid="scope-subbasin" />
              </Group>
            </Radio.Group>
            {scope === 'subbasin' && (
              <Select label="Subbasin" placeholder="Choose a subbasin" data={subbasins.map((s) => ({ value: String(s.id), label: s.name }))} value={subbasin} onChange={setSubbasin} searchable data-testid="check-subbasin" />
            )}
            <Group>
              <Button onClick={run} disabled={target === null} loading={result.isFetching} data-testid="run-check">
                Run SWAT Check
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {checked !== null && result.isLoading && (
        <Center p="xl">
          <Loader />
        </Center>
      )}
      {checked !== null && result.error && <ErrorList error={result.error} />}
      {checked !== null && result.data && <Results key={checked} result={result.data} />}
    </Stack>
  );
}

export function SwatCheckPage(props: PageProps) {
  return (
    <OutputPage {...props} title="SWAT Check">
      {() => <SwatCheckTool scenarioID={props.params.scenarioID ?? ''} />}
    </OutputPage>
  );
}
