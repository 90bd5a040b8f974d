import type { ReactNode } from 'react';
import { PageSpinner } from '../../components/ui/Spinner';
import { useUser } from '../../features/auth/api/get-user';
import { HeaderUsage } from '../../features/usage/components/UsageMeter';
import { DashboardHeader } from './DashboardHeader';

/** Page frame for signed-in screens: the dashboard header (with usage, docs/product.md §2) above the page's content. */
export function SignedInLayout({ children, onStartOver }: { children: ReactNode; onStartOver?: () => void }) {
  const { user } = useUser();
  // Routes using this layout sit behind the signed-in guard; the spinner only covers a logout in flight.
  if (!user) return <PageSpinner />;
  return (
    <div className="flex min-h-dvh flex-col">
      <DashboardHeader user={user} usage={<HeaderUsage />} {...(onStartOver ? { onStartOver } : {})} />
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 py-8 sm:px-6 sm:py-10">
        {children}
      </main>
    </div>
  );
}
