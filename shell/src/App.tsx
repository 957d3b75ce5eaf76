import { MantineProvider, createTheme } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppFrame } from './frame/AppFrame.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'sm', fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif' });
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } });

export function App() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionProvider>
            <AppFrame />
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
