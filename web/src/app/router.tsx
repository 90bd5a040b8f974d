import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router-dom';
import { HomeRoute, RequireAuthState } from './guards';
import { PublicLayout } from './layout/PublicLayout';
import { AuthPage } from './routes/AuthPage';
import { ContactPage } from './routes/ContactPage';
import { DashboardPage } from './routes/DashboardPage';
import { LandingPage } from './routes/LandingPage';
import { NotFoundPage } from './routes/NotFoundPage';
import { PricingPage } from './routes/PricingPage';
import { PrivacyPage } from './routes/PrivacyPage';
import { PromoPreviewPage } from './routes/PromoPreviewPage';
import { ResetPasswordPage } from './routes/ResetPasswordPage';
import { SavedSequencesPage } from './routes/SavedSequencesPage';
import { SubscribePage } from './routes/SubscribePage';
import { SubscriptionManagementPage } from './routes/SubscriptionManagementPage';
import { SubscriptionSuccessPage } from './routes/SubscriptionSuccessPage';
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
 * until GET /api/auth/user answers.
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
          { path: 'saved-sequences', element: <SavedSequencesPage /> },
          { path: 'subscription-management', element: <SubscriptionManagementPage /> },
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
            children: [{ path: 'subscribe', element: <SubscribePage /> }],
          },
          { path: 'subscription-success', element: <SubscriptionSuccessPage /> },
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
