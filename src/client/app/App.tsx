import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppProvider, useSession, type AppServices } from '../state/app-context';
import { Shell } from '../shell/Shell';
import { useSessionModules } from '../modules/session-modules';
import { buildTheme } from './theme';
import { clearCacheOnPersonChange } from '../state/per-person-cache';

function Themed({ services }: { services: AppServices }) {
  const { user } = useSession();
  useSessionModules(services.config.modules, user);
  // Followed live: a system that turns dark at dusk turns the app dark with it, for a person
  // who has not chosen a mode of their own.
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const dark = user?.dark ?? prefersDark;
  // Less motion when the system asks for it, followed live as the colour scheme is.
  const still = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(() => buildTheme(services.config, dark, still), [services.config, dark, still]);
  return (
    <ThemeProvider theme={theme}>
      {/* color-scheme on <html>: the browser's own scrollbars and form controls follow dark mode. */}
      <CssBaseline enableColorScheme />
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<Shell />} />
        </Routes>
      </BrowserRouter>
    </ThemeProvider>
  );
}

export function App({ services }: { services: AppServices }) {
  const [queryClient] = useState(() => {
    const qc = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
    // For the page's life, as the client and the cache are.
    clearCacheOnPersonChange(services.client, qc);
    return qc;
  });
  return (
    <AppProvider value={services}>
      <QueryClientProvider client={queryClient}>
        <Themed services={services} />
      </QueryClientProvider>
    </AppProvider>
  );
}
