// Renders one route of a plugin: loads its remote, then the page component. A remote that
// fails to load shows a contained error with Retry; the rest of the app keeps working.
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { matchRoute, type PageProps, type PluginDefinition, type PluginListing, type PluginRoute } from '@headwater/plugin-sdk';
import { Component, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { forgetPlugin, loadPlugin } from './remotes.ts';

type State = { status: 'loading' } | { status: 'ready'; def: PluginDefinition } | { status: 'error'; error: Error };

export function PluginPage({ plugin, route }: { plugin: PluginListing; route: PluginRoute }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const location = useLocation();

  // Keyed by what identifies the remote, not the listing object: a refetched plugin list hands
  // over new objects for unchanged plugins, which must not reload (and remount) their pages.
  const current = useRef(plugin);
  current.current = plugin;
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadPlugin(current.current).then(
      (def) => live && setState({ status: 'ready', def }),
      (error: Error) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [plugin.id, plugin.entry, attempt]);

  const retry = () => {
    forgetPlugin(plugin);
    setAttempt((a) => a + 1);
  };

  if (state.status === 'loading') {
    return (
      <Center p="xl" data-testid="plugin-loading">
        <Loader />
      </Center>
    );
  }
  if (state.status === 'error') return <PluginError title={plugin.title} error={state.error} onRetry={retry} />;
  const Page = state.def.pages[route.name] as ComponentType<PageProps> | undefined;
  if (!Page) return <PluginError title={plugin.title} error={new Error(`It has no page for ${route.name} (${route.path}).`)} onRetry={retry} />;
  const params = matchRoute(route.path, location.pathname) ?? {};
  return (
    <PluginBoundary key={`${plugin.id}:${attempt}`} title={plugin.title} onRetry={retry}>
      <Page params={params} path={location.pathname} />
    </PluginBoundary>
  );
}

export function PluginError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Stack p="xl" maw={720} mx="auto">
      <Alert color="red" title={`${title} could not be loaded`} data-testid="plugin-error">
        <Text size="sm">The rest of the site keeps working. {error.message}</Text>
        <Group mt="sm">
          <Button size="xs" onClick={onRetry}>
            Retry
          </Button>
        </Group>
      </Alert>
    </Stack>
  );
}

/** Contains render errors of a plugin's page. */
class PluginBoundary extends Component<{ title: string; onRetry: () => void; children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error) return <PluginError title={this.props.title} error={this.state.error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
