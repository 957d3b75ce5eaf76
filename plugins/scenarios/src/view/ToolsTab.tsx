// Customize SWAT Inputs and Output Data: links to the enabled editor and output plugins of the
// registry, with :id and :scenarioID filled. An editor whose modification table the scenario
// has customised gets a check (spec 2 §2).
import { Anchor, Center, Group, Loader, List, Stack, Text } from '@mantine/core';
import { ErrorList, Link, ModTableCheck, fileHref, usePluginListing, type PluginKind } from '@headwater/plugin-sdk';
import { toolLinks } from '../hooks.ts';
import { SCENARIO_MESSAGES } from '../logic.ts';
import type { ScenarioResponse } from '../types.ts';

function ToolList({ kind, data, empty }: { kind: PluginKind; data: ScenarioResponse; empty: string }) {
  const plugins = usePluginListing();
  if (plugins.isLoading)
    return (
      <Center p="md">
        <Loader size="sm" />
      </Center>
    );
  if (plugins.error) return <ErrorList error={plugins.error} />;
  const links = toolLinks(plugins.data, kind, { id: data.scenario.projectID, scenarioID: data.scenario.id });
  if (!links.length)
    return (
      <Text c="dimmed" data-testid={`no-${kind}s`}>
        {empty}
      </Text>
    );
  return (
    <List spacing="xs" listStyleType="none" data-testid={`${kind}-links`}>
      {links.map((l) => (
        <List.Item key={l.key}>
          <Group gap={6}>
            <Anchor component={Link} to={l.to}>
              {l.label}
            </Anchor>
            {l.modTable && <ModTableCheck scenario={data.scenario} modTable={l.modTable} />}
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

export function InputsTab({ data }: { data: ScenarioResponse }) {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Each editor overrides SWAT inputs for the HRUs you choose; a check marks the editors with saved changes.
      </Text>
      <ToolList kind="editor" data={data} empty={SCENARIO_MESSAGES.noEditors} />
    </Stack>
  );
}

export function OutputsTab({ data }: { data: ScenarioResponse }) {
  const zip = data.status.zipFile;
  return (
    <Stack gap="sm">
      <ToolList kind="output" data={data} empty={SCENARIO_MESSAGES.noOutputs} />
      {zip && (
        <Anchor href={fileHref(zip)} download data-testid="download-scenario">
          Download scenario files
        </Anchor>
      )}
      {data.status.editorTablesFile && (
        <Anchor href={fileHref(data.status.editorTablesFile)} download data-testid="download-editor-tables">
          Download SWAT Editor input tables (SQLite)
        </Anchor>
      )}
    </Stack>
  );
}
