import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/Button';
import { AnalyticsEvent, track } from '../../../lib/analytics';

/** A call to action that leads to the sign-up tab of /auth and records the click. */
export function SignUpCta({
  label,
  location,
  variant = 'primary',
  size = 'lg',
  className,
  children,
}: {
  label: string;
  location: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link to="/auth" state={{ tab: 'signup' }} onClick={() => track(AnalyticsEvent.click, { label, location })}>
        {children ?? label}
      </Link>
    </Button>
  );
}
