import { Benefits } from '../../features/landing/components/Benefits';
import { ClosingCta } from '../../features/landing/components/ClosingCta';
import { Hero } from '../../features/landing/components/Hero';
import { HowItWorks } from '../../features/landing/components/HowItWorks';
import { LandingHeader } from '../../features/landing/components/LandingHeader';
import { PricingSection } from '../../features/landing/components/PricingSection';
import { Testimonials } from '../../features/landing/components/Testimonials';
import { TrustedBy } from '../../features/landing/components/TrustedBy';
import { WaitlistForm } from '../../features/waitlist/components/WaitlistForm';
import { SiteFooter } from '../layout/SiteFooter';

/** The signed-out home page: the pre-launch marketing page of docs/product.md §2. */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader />
      <main id="main" className="flex-1">
        <Hero />
        <TrustedBy />
        <HowItWorks />
        <Benefits />
        <Testimonials />
        <PricingSection />
        <ClosingCta waitlistForm={<WaitlistForm className="mt-5" />} />
      </main>
      <SiteFooter />
    </div>
  );
}
