import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/ui/Spinner';
import { useUser } from '../features/auth/api/get-user';
import { guardDecision, homeScreen, type RouteAccess } from '../features/auth/route-guard';

/** Renders the child routes only for the right visitors (docs/product.md §2); see guardDecision. */
export function RequireAuthState({ access }: { access: Exclude<RouteAccess, 'public'> }) {
  const { status } = useUser();
  const decision = guardDecision(access, status);
  if (decision.type === 'spinner') return <PageSpinner />;
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

/** / and /app: the dashboard when signed in, the landing page when signed out. */
export function HomeRoute({ dashboard, landing }: { dashboard: ReactNode; landing: ReactNode }) {
  const { status } = useUser();
  const screen = homeScreen(status);
  if (screen === 'spinner') return <PageSpinner />;
  return screen === 'dashboard' ? dashboard : landing;
}
