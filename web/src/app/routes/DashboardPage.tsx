import { Card } from '../../components/ui/Card';
import { useUser } from '../../features/auth/api/get-user';
import { SignedInLayout } from '../layout/SignedInLayout';

/** The signed-in home (spec §2). The generator lands in the main card in a later step. */
export function DashboardPage() {
  const { user } = useUser();
  const greetingName = user?.firstName?.trim();
  return (
    <SignedInLayout>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="dashboard-title">
          {greetingName ? `Welcome, ${greetingName}` : 'Welcome to seqgen'}
        </h1>
        <p className="text-muted-foreground">Turn a company website into a personalised 7‑email sequence.</p>
      </div>
      <Card
        className="mt-8 flex min-h-[26rem] flex-col items-center justify-center border-dashed px-6 py-16 text-center shadow-none"
        data-testid="dashboard-placeholder"
      >
        <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="M20 20l-3.5-3.5" />
          </svg>
        </span>
        <h2 className="mt-5 text-lg font-semibold">Company analysis comes here</h2>
        <p className="mt-2 max-w-md text-sm text-muted-foreground">
          Paste your company's website, answer a few questions about who you sell to, and get a 7‑email sequence from
          intro to breakup.
        </p>
      </Card>
    </SignedInLayout>
  );
}
