import { PASSWORD_MIN_LENGTH, ResetPasswordRequest } from '@seqgen/proto';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/forms';
import { useResetPassword } from '../api/reset-password';
import { canSubmitNewPassword, NEW_PASSWORD_HINT } from '../rules';

/** docs/product.md §9: after a successful reset, go to sign-in after 2 s. */
export const RESET_REDIRECT_MS = 2000;

/** Reset mode of /reset-password: the token comes from the e-mailed link. */
export function SetNewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);
  const { trigger, isMutating } = useResetPassword();
  const navigate = useNavigate();
  const ready = canSubmitNewPassword(password, confirmation);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/auth', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || isMutating || done) return;
    // The server's own rule (length) is checked first, so a too-short password costs no request.
    const parsed = ResetPasswordRequest.safeParse({ token, newPassword: password });
    if (!parsed.success) {
      toast({
        title: 'Error',
        description: parsed.error.issues[0]?.message ?? 'Failed to reset password',
        variant: 'destructive',
      });
      return;
    }
    try {
      const { message } = await trigger(parsed.data);
      setDone(true);
      toast({ title: 'Password reset successful', description: message, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to reset password'), variant: 'destructive' });
    }
  }

  if (done) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-4 text-center" data-testid="reset-done">
        <Spinner className="h-6 w-6 text-highlight" label="Redirecting" />
        <p className="font-medium">Password updated</p>
        <p className="text-sm text-muted-foreground">Taking you to sign in…</p>
      </div>
    );
  }

  const showHint = password !== '' || confirmation !== '';
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="set-password-form">
      <Field label="New password" hint={`At least ${PASSWORD_MIN_LENGTH} characters`}>
        <PasswordInput
          name="newPassword"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={isMutating}
          required
        />
      </Field>
      <Field label="Confirm new password">
        <PasswordInput
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          disabled={isMutating}
          required
        />
      </Field>
      <p
        aria-live="polite"
        data-testid="password-hint"
        className={
          ready ? 'text-xs text-success' : showHint ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'
        }
      >
        {ready ? 'Passwords match' : NEW_PASSWORD_HINT}
      </p>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!ready || isMutating}
        data-testid="set-password-submit"
      >
        {isMutating ? (
          <>
            <Spinner className="h-4 w-4" label="Saving" /> Saving…
          </>
        ) : (
          'Reset password'
        )}
      </Button>
    </form>
  );
}
