import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router-dom';
import { HomeRoute, RequireAuthState } from './guards';
import { PublicLayout } from './layout/PublicLayout';
import { SignedInLayout } from './layout/SignedInLayout';
import { AuthPage } from './routes/AuthPage';
import { ComingSoonPage } from './routes/ComingSoonPage';
import { ContactPage } from './routes/ContactPage';
import { DashboardPage } from './routes/DashboardPage';
import { LandingPage } from './routes/LandingPage';
import { NotFoundPage } from './routes/NotFoundPage';
import { PricingPage } from './routes/PricingPage';
import { PrivacyPage } from './routes/PrivacyPage';
import { PromoPreviewPage } from './routes/PromoPreviewPage';
import { ResetPasswordPage } from './routes/ResetPasswordPage';
import { TermsPage } from './routes/TermsPage';
import { WaitlistPage } from './routes/WaitlistPage';

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * Routes by sign-in state (spec §2). Public pages render at once; guarded ones show a spinner
 * until GET /api/auth/user answers. Screens of later steps (subscribe, saved sequences,
 * subscription management) hold "coming soon" placeholders behind the same guards.
 */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { index: true, element: <HomeRoute dashboard={<DashboardPage />} landing={<LandingPage />} /> },
      {
        element: <RequireAuthState access="signedIn" />,
        children: [
          { path: 'app', element: <DashboardPage /> },
          {
            path: 'saved-sequences',
            element: (
              <SignedInLayout>
                <ComingSoonPage title="Saved sequences" />
              </SignedInLayout>
            ),
          },
          {
            path: 'subscription-management',
            element: (
              <SignedInLayout>
                <ComingSoonPage title="Manage subscription" />
              </SignedInLayout>
            ),
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
            children: [{ path: 'subscribe', element: <ComingSoonPage title="Subscribe" /> }],
          },
          { path: 'subscription-success', element: <ComingSoonPage title="Subscription confirmed" /> },
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
