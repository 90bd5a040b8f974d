import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Input } from '../../../components/ui/Input';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { AnalyticsEvent, track } from '../../../lib/analytics';
import { errorMessage, type FieldErrors } from '../../../lib/forms';
import { useLogin } from '../api/login';
import { checkSignIn } from '../rules';

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { trigger, isMutating } = useLogin();
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkSignIn({ email, password });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    try {
      await trigger(check.payload);
      track(AnalyticsEvent.auth, { action: 'login', outcome: 'success' });
      toast({ title: 'Welcome back!', description: 'You are signed in.', variant: 'success' });
      navigate('/', { replace: true });
    } catch (error) {
      track(AnalyticsEvent.auth, { action: 'login', outcome: 'failure' });
      toast({ title: 'Login failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="sign-in-form">
      <Field label="Email" error={errors.email}>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={isMutating}
          required
        />
      </Field>
      <div className="grid gap-2">
        <Field label="Password" error={errors.password}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={isMutating}
            required
          />
        </Field>
        <Link
          to="/reset-password"
          className="justify-self-end rounded-sm text-sm font-medium text-highlight hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={isMutating} className="w-full" data-testid="sign-in-submit">
        {isMutating ? (
          <>
            <Spinner className="h-4 w-4" label="Signing in" /> Signing in…
          </>
        ) : (
          'Sign In'
        )}
      </Button>
    </form>
  );
}
