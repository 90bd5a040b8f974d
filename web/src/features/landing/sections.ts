import { AnalyticsEvent, track } from '../../lib/analytics';

/** In-page sections reachable from the landing top bar (docs/product.md §2: Features, Reviews, Pricing). */
export const LANDING_SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'testimonials', label: 'Reviews' },
  { id: 'pricing', label: 'Pricing' },
] as const;

export type LandingSectionId = (typeof LANDING_SECTIONS)[number]['id'] | 'how-it-works';

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls smoothly to a section (instantly for reduced motion), keeps the hash, logs the move. */
export function goToSection(id: LandingSectionId, source: string): void {
  const target = document.getElementById(id);
  track(AnalyticsEvent.sectionNavigation, { section: id, source });
  if (!target) return;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${id}`);
  // Move focus for keyboard and screen-reader users without a second jump.
  target.focus({ preventScroll: true });
}
