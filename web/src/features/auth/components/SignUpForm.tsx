import { FREE_TRIAL_SEQUENCES, PASSWORD_MIN_LENGTH } from '@seqgen/proto';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Input } from '../../../components/ui/Input';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { AnalyticsEvent, track } from '../../../lib/analytics';
import { errorMessage, type FieldErrors } from '../../../lib/forms';
import { useRegister } from '../api/register';
import { checkSignUp, type SignUpForm as SignUpValues } from '../rules';

const empty: SignUpValues = { email: '', password: '', confirmPassword: '', firstName: '', lastName: '' };

export function SignUpForm() {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { trigger, isMutating } = useRegister();
  const navigate = useNavigate();

  const bind = (name: keyof SignUpValues) => ({
    name,
    value: values[name],
    disabled: isMutating,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkSignUp(values);
    if (!check.ok) {
      if (check.reason === 'mismatch') {
        setErrors({ confirmPassword: 'Passwords do not match' });
        toast({
          title: 'Password mismatch',
          description: 'Passwords do not match. Please try again.',
          variant: 'destructive',
        });
      } else {
        setErrors(check.errors);
      }
      return;
    }
    setErrors({});
    try {
      await trigger(check.payload);
      track(AnalyticsEvent.auth, { action: 'register', outcome: 'success' });
      toast({
        title: 'Account created!',
        description: `Your ${FREE_TRIAL_SEQUENCES} free sequences are ready.`,
        variant: 'success',
      });
      navigate('/', { replace: true });
    } catch (error) {
      track(AnalyticsEvent.auth, { action: 'register', outcome: 'failure' });
      toast({
        title: 'Registration failed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="sign-up-form">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" optional error={errors.firstName}>
          <Input autoComplete="given-name" {...bind('firstName')} />
        </Field>
        <Field label="Last name" optional error={errors.lastName}>
          <Input autoComplete="family-name" {...bind('lastName')} />
        </Field>
      </div>
      <Field label="Work email" error={errors.email}>
        <Input type="email" autoComplete="email" placeholder="you@company.com" required {...bind('email')} />
      </Field>
      <Field label="Password" error={errors.password} hint={`At least ${PASSWORD_MIN_LENGTH} characters`}>
        <PasswordInput autoComplete="new-password" required {...bind('password')} />
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword}>
        <PasswordInput autoComplete="new-password" required {...bind('confirmPassword')} />
      </Field>
      <Button type="submit" size="lg" disabled={isMutating} className="w-full" data-testid="sign-up-submit">
        {isMutating ? (
          <>
            <Spinner className="h-4 w-4" label="Creating account" /> Creating account…
          </>
        ) : (
          'Create account'
        )}
      </Button>
    </form>
  );
}
