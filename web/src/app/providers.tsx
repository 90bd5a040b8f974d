import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Toaster } from '../components/ui/Toaster';
import { swrConfig } from '../lib/swr';
import { ThemeProvider } from '../lib/theme-provider';

/** Everything the whole app shares: data-fetching defaults, theme, and the one toast outlet. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      <ThemeProvider>
        {children}
        <Toaster />
      </ThemeProvider>
    </SWRConfig>
  );
}
