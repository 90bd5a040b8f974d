import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/ui/Spinner';
import { AnalyticsEvent, track } from '../lib/analytics';
import { HomeRoute, RequireAuthState } from './guards';
import { PublicLayout } from './layout/PublicLayout';
import { AuthPage } from './routes/AuthPage';
import { ContactPage } from './routes/ContactPage';
import { LandingPage } from './routes/LandingPage';
import { NotFoundPage } from './routes/NotFoundPage';
import { PricingPage } from './routes/PricingPage';
import { PrivacyPage } from './routes/PrivacyPage';
import { PromoPreviewPage } from './routes/PromoPreviewPage';
import { ResetPasswordPage } from './routes/ResetPasswordPage';
import { TermsPage } from './routes/TermsPage';
import { WaitlistPage } from './routes/WaitlistPage';

/**
 * Signed-in screens load on first visit: a visitor on the landing page never downloads the
 * generator, the saved list or the payment form (Stripe's libraries included).
 */
function later<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

const dashboard = () => later(() => import('./routes/DashboardPage'), 'DashboardPage');

function Root() {
  // One page_view per route shown (the funnel's visits). The path only: a query string or hash
  // can carry a reset token.
  const { pathname } = useLocation();
  useEffect(() => {
    track(AnalyticsEvent.pageView, { path: pathname });
  }, [pathname]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * Routes by sign-in state (docs/product.md §2). Public pages render at once; guarded ones show a spinner
 * until GET /api/auth/user answers.
 */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { index: true, element: <HomeRoute dashboard={dashboard()} landing={<LandingPage />} /> },
      {
        element: <RequireAuthState access="signedIn" />,
        children: [
          { path: 'app', element: dashboard() },
          {
            path: 'saved-sequences',
            element: later(() => import('./routes/SavedSequencesPage'), 'SavedSequencesPage'),
          },
          {
            // A saved sequence opened in the studio, where its edits are saved with Save changes.
            path: 'saved-sequences/:id',
            element: later(() => import('./routes/SavedSequenceStudioPage'), 'SavedSequenceStudioPage'),
          },
          {
            path: 'subscription-management',
            element: later(() => import('./routes/SubscriptionManagementPage'), 'SubscriptionManagementPage'),
          },
        ],
      },
      {
        element: <RequireAuthState access="signedOut" />,
        children: [{ path: 'auth', element: <AuthPage /> }],
      },
      {
        element: <PublicLayout />,
        children: [
          { path: 'pricing', element: <PricingPage /> },
          {
            element: <RequireAuthState access="signedIn" />,
            children: [{ path: 'subscribe', element: later(() => import('./routes/SubscribePage'), 'SubscribePage') }],
          },
          {
            path: 'subscription-success',
            element: later(() => import('./routes/SubscriptionSuccessPage'), 'SubscriptionSuccessPage'),
          },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'waitlist', element: <WaitlistPage /> },
          { path: 'promo-preview', element: <PromoPreviewPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
