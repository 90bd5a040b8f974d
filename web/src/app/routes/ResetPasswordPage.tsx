import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/Alert';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/Card';
import { RequestResetForm } from '../../features/auth/components/RequestResetForm';
import { SetNewPasswordForm } from '../../features/auth/components/SetNewPasswordForm';

/** /reset-password: request mode, or reset mode when the link's ?token= is present (docs/product.md §2, §4). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  return (
    <section className="flex flex-1 items-center justify-center px-4 py-16 sm:py-24">
      <Card className="w-full max-w-md">
        <CardHeader>
          <span className="mb-2 flex h-11 w-11 items-center justify-center rounded-xl bg-accent text-accent-foreground">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.75"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <rect x="4" y="10" width="16" height="11" rx="2" />
              <path d="M8 10V7a4 4 0 0 1 8 0v3" />
            </svg>
          </span>
          <h1 className="text-2xl font-semibold leading-tight tracking-tight">
            {token ? 'Set a new password' : 'Reset your password'}
          </h1>
          <CardDescription>
            {token
              ? 'Choose a new password for your account. You will be signed out everywhere else.'
              : "Enter your account's email and we'll send you a link to choose a new password."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {token ? (
            <SetNewPasswordForm token={token} />
          ) : sent ? (
            <Alert variant="success" data-testid="reset-sent">
              <div>
                <p className="font-semibold">Check your inbox</p>
                <p className="mt-1 text-muted-foreground">{sent.message}</p>
              </div>
            </Alert>
          ) : (
            <RequestResetForm onSent={(email, message) => setSent({ email, message })} />
          )}
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Remembered it?{' '}
            <Link to="/auth" className="font-medium text-highlight hover:underline">
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </section>
  );
}
