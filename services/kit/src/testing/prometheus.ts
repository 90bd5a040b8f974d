import parsePrometheusTextFormat from 'parse-prometheus-text-format';

/**
 * Reads a /metrics page with a real Prometheus text-format parser (tests only), so a page a
 * scraper would reject fails the test, and sums samples by label.
 */
export class ScrapedMetrics {
  readonly families: ReturnType<typeof parsePrometheusTextFormat>;

  constructor(text: string) {
    this.families = parsePrometheusTextFormat(text);
    const names = this.families.map((f) => f.name);
    const repeated = names.filter((name, i) => names.indexOf(name) !== i);
    if (repeated.length > 0) throw new Error(`metric families repeated: ${repeated.join(', ')}`);
  }

  family(name: string) {
    return this.families.find((f) => f.name === name);
  }

  /**
   * The sum over samples of counter or gauge `name` whose labels include `labels`; 0 when none
   * match, as Prometheus reads an absent counter. Not for histograms: the parser merges a
   * labelled histogram's series into one and drops their labels (read those with prom-client's
   * getMetricsAsJSON).
   */
  value(name: string, labels: Record<string, string> = {}): number {
    const family = this.family(name);
    if (!family) return 0;
    if (family.type === 'HISTOGRAM' || family.type === 'SUMMARY') throw new Error(`${name}: not a counter or gauge`);
    let total = 0;
    for (const sample of family.metrics) {
      const own = sample.labels ?? {};
      if (!Object.entries(labels).every(([k, v]) => own[k] === v)) continue;
      total += Number(sample.value);
    }
    return total;
  }

  /** Every value the label `label` takes in `name`. */
  labelValues(name: string, label: string): string[] {
    const values = (this.family(name)?.metrics ?? []).map((s) => s.labels?.[label]);
    return [...new Set(values.filter((v): v is string => v !== undefined))];
  }
}
