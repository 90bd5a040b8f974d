/**
 * The one place product analytics go through (spec §1: clicks, section navigation,
 * authentication, generation). Nothing is sent anywhere yet: wiring a provider later means
 * calling setAnalyticsSink once at start-up, with no change to the call sites.
 */
export type AnalyticsProps = Record<string, string | number | boolean | null | undefined>;
export type AnalyticsSink = (event: string, props: AnalyticsProps) => void;

const devSink: AnalyticsSink = (event, props) => {
  // biome-ignore lint/suspicious/noConsole: development-only trace of what would be sent.
  console.debug('[analytics]', event, props);
};
const noop: AnalyticsSink = () => {};

let sink: AnalyticsSink = import.meta.env?.DEV ? devSink : noop;

export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next ?? noop;
}

/** Records an event; analytics must never break the page, so sink failures are swallowed. */
export function track(event: string, props: AnalyticsProps = {}): void {
  try {
    sink(event, props);
  } catch {
    // Deliberately ignored: a broken analytics provider is not the user's problem.
  }
}

/** Event names used across the app, so dashboards see one spelling. */
export const AnalyticsEvent = {
  click: 'button_click',
  sectionNavigation: 'section_navigation',
  auth: 'auth',
} as const;
