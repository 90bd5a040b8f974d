import { SubscriptionManagement } from '../../features/billing/components/SubscriptionManagement';
import { SignedInLayout } from '../layout/SignedInLayout';

/** /subscription-management (signed in only, docs/product.md §2). */
export function SubscriptionManagementPage() {
  return (
    <SignedInLayout>
      <div className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">Manage subscription</h1>
        <p className="mt-2 text-muted-foreground">Your plan, its next renewal, and cancelling or reactivating it.</p>
      </div>
      <SubscriptionManagement />
    </SignedInLayout>
  );
}
