import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { SnackbarProvider } from '@/components/snackbar';
import { initI18n } from '@/i18n';
import { watchSession } from '@/lib/auth/session';
import { takeQueryClient } from '@/lib/query-client';
import { themeFor } from './theme';

const i18n = initI18n();

/** MUI's components speak the app's language, and follow it when it changes. */
const LocalisedTheme = ({ children }: { children: ReactNode }) => {
  const { i18n: current } = useTranslation();
  return <ThemeProvider theme={themeFor(current.resolvedLanguage ?? current.language ?? 'en')}>{children}</ThemeProvider>;
};

export const AppProviders = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(takeQueryClient);
  // Whose data the cache holds follows who is signed in.
  useEffect(() => watchSession(queryClient), [queryClient]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalisedTheme>
          <CssBaseline />
          <SnackbarProvider>{children}</SnackbarProvider>
        </LocalisedTheme>
      </QueryClientProvider>
    </I18nextProvider>
  );
};
