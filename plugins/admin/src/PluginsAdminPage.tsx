// Administrators' Plugins page (route AdminPlugins): every registered plugin with its state, enable/disable, and
// registering an externally deployed remote by its mf-manifest.json URL.
import { Badge, Button, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { ErrorList, PageLayout, SuccessAlert, useApiMutation, useApiQuery, type PluginListing } from '@headwater/plugin-sdk';
import { useState } from 'react';

type AdminPlugin = PluginListing & { enabled: boolean; source: string; flag?: string; description?: string; core?: boolean };

export function PluginsAdminPage() {
  const list = useApiQuery<AdminPlugin[]>('admin/plugins');
  const [saved, setSaved] = useState<string>();
  const toggle = useApiMutation<{ id: string; enabled: boolean }, PluginListing>('PUT', (b) => `admin/plugins/${b.id}`, {
    invalidate: ['admin/plugins', 'plugins', 'datasets/websitetext'],
    onSuccess: (_r, b) => setSaved(`${b.id} ${b.enabled ? 'enabled' : 'disabled'}.`),
  });
  const [manifestUrl, setManifestUrl] = useState('');
  const register = useApiMutation<{ manifestUrl: string }, PluginListing>('POST', 'admin/plugins', {
    invalidate: ['admin/plugins', 'plugins'],
    onSuccess: (r) => {
      setManifestUrl('');
      setSaved(`${r.title} registered.`);
    },
  });

  return (
    <PageLayout title="Plugins">
      <SuccessAlert show={!!saved} message={saved} onClose={() => setSaved(undefined)} />
      <ErrorList error={list.error ?? toggle.error} />
      <Table withTableBorder striped data-testid="plugins-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Plugin</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Site setting</Table.Th>
            <Table.Th>Enabled</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data?.map((p) => (
            <Table.Tr key={p.id} data-testid={`plugin-row-${p.id}`}>
              <Table.Td>
                <Text fw={500}>{p.title}</Text>
                <Text size="xs" c="dimmed">
                  {p.id} · {p.entry}
                </Text>
              </Table.Td>
              <Table.Td>{p.kind}</Table.Td>
              <Table.Td>{p.version}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={p.source === 'workspace' ? 'blue' : 'grape'}>
                  {p.source}
                </Badge>
              </Table.Td>
              <Table.Td>{p.flag ?? ''}</Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`Enable ${p.title}`}
                  data-testid={`toggle-${p.id}`}
                  checked={p.enabled}
                  disabled={toggle.isPending || (p.core && p.enabled)}
                  onChange={(e) => toggle.mutate({ id: p.id, enabled: e.currentTarget.checked })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs">
        <Text fw={600}>Register an external plugin</Text>
        <Text size="sm" c="dimmed">
          The URL of a remote's mf-manifest.json, built with the Headwater SDK (a headwater.json must sit beside it).
        </Text>
        <Group align="flex-start">
          <TextInput
            placeholder="https://example.org/plugins/my-editor/mf-manifest.json"
            value={manifestUrl}
            onChange={(e) => setManifestUrl(e.currentTarget.value)}
            error={register.error?.fieldErrors.manifestUrl?.join(' ')}
            w={520}
            aria-label="Manifest URL"
          />
          <Button onClick={() => register.mutate({ manifestUrl: manifestUrl.trim() })} loading={register.isPending} disabled={!manifestUrl.trim()}>
            Register
          </Button>
        </Group>
      </Stack>
    </PageLayout>
  );
}
