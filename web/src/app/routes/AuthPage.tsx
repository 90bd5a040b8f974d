import { FREE_TRIAL_SEQUENCES } from '@seqgen/proto';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/Alert';
import { Logo } from '../../components/ui/Logo';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { GoogleButton } from '../../features/auth/components/GoogleButton';
import { SignInForm } from '../../features/auth/components/SignInForm';
import { SignUpForm } from '../../features/auth/components/SignUpForm';

type AuthTab = 'signin' | 'signup';

/** Get Started buttons pass { tab: 'signup' } in navigation state, keeping the URL plain /auth. */
function initialTab(state: unknown): AuthTab {
  return typeof state === 'object' && state !== null && 'tab' in state && state.tab === 'signup' ? 'signup' : 'signin';
}

const proof = [
  { value: '~4x', label: 'open rates' },
  { value: '2x', label: 'reply rates' },
  { value: '<30s', label: 'per sequence' },
];

function BrandPanel() {
  return (
    <aside className="relative hidden overflow-hidden bg-primary p-12 text-primary-foreground lg:flex lg:flex-col lg:justify-between">
      <div aria-hidden="true" className="absolute -right-32 -top-32 h-96 w-96 rounded-full bg-white/10 blur-3xl" />
      <div aria-hidden="true" className="absolute -bottom-40 -left-20 h-96 w-96 rounded-full bg-black/15 blur-3xl" />
      <p className="relative text-sm font-semibold uppercase tracking-wider text-primary-muted-foreground">
        {`${FREE_TRIAL_SEQUENCES} free sequences · No credit card`}
      </p>
      <div className="relative">
        <blockquote className="text-balance text-2xl font-semibold leading-snug">
          “I paste a URL, pick the persona and I am sending by nine. The emails actually reference what the prospect
          cares about.”
        </blockquote>
        <p className="mt-4 text-sm text-primary-muted-foreground">Maya Chen — SDR, Northwind</p>
      </div>
      <dl className="relative grid grid-cols-3 gap-6 border-t border-white/20 pt-8">
        {proof.map((item) => (
          <div key={item.label}>
            <dd className="text-3xl font-bold tracking-tight">{item.value}</dd>
            <dt className="mt-1 text-sm text-primary-muted-foreground">{item.label}</dt>
          </div>
        ))}
      </dl>
    </aside>
  );
}

const legalLinkClass = 'font-medium text-foreground underline-offset-4 hover:underline';

/** /auth (docs/product.md §2): Google, Sign In / Sign Up tabs, reset link, legal links. */
export function AuthPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  // Set by the server when Google sign-in fails, e.g. /auth?error=Google sign-in is not configured.
  const callbackError = params.get('error');

  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <BrandPanel />
      <div className="flex flex-col">
        <header className="flex h-16 items-center justify-between px-4 sm:px-8">
          <Logo />
          <ThemeToggle />
        </header>
        <main id="main" className="flex flex-1 items-center justify-center px-4 py-10 sm:px-8">
          <div className="w-full max-w-md">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome to seqgen</h1>
            <p className="mt-2 text-muted-foreground">Sign in or create an account to generate your sequences.</p>

            {callbackError ? (
              <Alert variant="destructive" className="mt-6" data-testid="auth-error">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="mt-0.5 h-4 w-4 shrink-0 text-destructive"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                >
                  <circle cx="12" cy="12" r="9" />
                  <path d="M12 8v5M12 16.5v.01" />
                </svg>
                <div>
                  <p className="font-semibold">Sign-in did not complete</p>
                  <p className="mt-0.5 text-muted-foreground">{callbackError}</p>
                </div>
              </Alert>
            ) : null}

            <div className="mt-8">
              <GoogleButton />
              <Tabs defaultValue={initialTab(location.state)}>
                <TabsList aria-label="Sign in or sign up">
                  <TabsTrigger value="signin" data-testid="tab-sign-in">
                    Sign In
                  </TabsTrigger>
                  <TabsTrigger value="signup" data-testid="tab-sign-up">
                    Sign Up
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="signin">
                  <SignInForm />
                </TabsContent>
                <TabsContent value="signup">
                  <SignUpForm />
                </TabsContent>
              </Tabs>
            </div>

            <p className="mt-8 text-center text-xs leading-relaxed text-muted-foreground">
              By continuing you agree to our{' '}
              <Link to="/terms" className={legalLinkClass}>
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/privacy" className={legalLinkClass}>
                Privacy Policy
              </Link>
              .
            </p>
          </div>
        </main>
      </div>
    </div>
  );
}
