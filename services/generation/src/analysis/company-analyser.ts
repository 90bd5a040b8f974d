import { createHash } from 'node:crypto';
import {
  HttpError,
  type KeyValueStore,
  type Logger,
  parseUserUrl,
  type RateLimiter,
  type RateLimitRule,
  SafeFetchError,
  type SafeFetcher,
  serviceCounter,
} from '@seqgen/kit';
import { Analysis } from '@seqgen/proto';
import { type LlmClient, LlmError, llmFailure } from '../llm/index.ts';
import { analyseSite, type SiteMaterial } from './analyse.ts';
import { fetchFailure, notEnoughContent, type PageRole, pagesBusy, pageTooComplex } from './errors.ts';
import { PageTooComplex } from './extraction/budget.ts';
import type { PageContent } from './extraction/content.ts';
import { inThreadPageReader, type PageReader } from './extraction/pool.ts';
import { WorkerPoolBusy } from './extraction/worker-pool.ts';
import { analyseWithLlm } from './llm.ts';
import { type CompanyProfile, profileProspect as profileCompany } from './prospect.ts';

export interface AnalysisDeps {
  fetcher: SafeFetcher;
  store: KeyValueStore;
  logger: Logger;
  /** Present when an LLM is configured; otherwise the built-in analyser answers. */
  llm?: LlmClient | undefined;
  cacheTtlMs: number;
  /**
   * Fresh analyses (cache misses) per user: each one makes this server fetch up to three
   * third-party pages and maybe call the LLM. Cache hits are never counted.
   */
  limit?: { limiter: RateLimiter; rule: RateLimitRule } | undefined;
  /**
   * Reads fetched pages: main.ts passes the worker pool, so no page holds the event loop
   * (issue 10, finding 1). Without one, pages are read on this thread, within the same budgets.
   */
  pages?: PageReader | undefined;
}

export interface AnalyseCompanyInput {
  companyUrl: string;
  caseStudies?: string | undefined;
  prospectCompanyUrl?: string | undefined;
}

export interface AnalysisOutcome {
  analysis: Analysis;
  cached: boolean;
}

/** A page with fewer visible words than this and no description is a JavaScript shell. */
const MIN_WORDS = 25;
const CACHE_VERSION = 'v3';

/**
 * The URL as a cache key: scheme and host lower-cased (URL does that), no fragment, no default
 * port, no trailing slash on a path, https when the user typed no scheme (parseUserUrl).
 */
export function normaliseUrl(input: string): string {
  const url = parseUserUrl(input);
  url.hash = '';
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.href;
}

const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 32);

export interface CompanyAnalyser {
  /** `userId` is who asked: fresh analyses are limited per user. */
  analyse(input: AnalyseCompanyInput, userId?: string): Promise<AnalysisOutcome>;
  /** The prospect profile stored by an analysis that named one (for personalising sequences). */
  prospectProfile(url: string): Promise<CompanyProfile | null>;
  /**
   * The prospect's profile from the cache, else read from its page now (and cached). A URL that
   * cannot be read fails with the same clear errors as an analysis, naming the prospect's URL.
   */
  profileProspect(url: string, userId?: string): Promise<CompanyProfile>;
  /** Which analyser answers: part of the cache key, so a configuration change is never served stale. */
  readonly analyserId: string;
}

const analyses = serviceCounter('generation', {
  name: 'analyses_total',
  help: 'Company analyses by outcome: "ok", "cached" (answered from the cache) or the error code answered.',
  labelNames: ['outcome'],
});

export function createCompanyAnalyser(deps: AnalysisDeps): CompanyAnalyser {
  const analyserId = deps.llm ? `llm:${deps.llm.model}` : 'builtin';
  // Identical requests arriving together share one fetch and one analysis.
  const inFlight = new Map<string, Promise<Analysis>>();
  const log = deps.logger;

  const cacheGet = async (key: string): Promise<string | null> => {
    try {
      return await deps.store.get(key);
    } catch (error) {
      log.warn({ err: error }, 'analysis cache read failed; analysing afresh');
      return null;
    }
  };
  const cacheSet = async (key: string, value: string) => {
    try {
      await deps.store.set(key, value, deps.cacheTtlMs);
    } catch (error) {
      log.warn({ err: error }, 'analysis cache write failed');
    }
  };

  const pages = deps.pages ?? inThreadPageReader;

  /** Fetches a page and reads it; the errors are the ones the user sees (see ./errors.ts). */
  const fetchPage = async (url: string, role: PageRole): Promise<PageContent> => {
    try {
      pages.warm?.();
      const page = await deps.fetcher.fetchPage(url);
      if (page.truncated) log.info({ url: page.url, bytes: page.bytes }, 'page cut at the size limit');
      const content = await pages.read(page.body, page.url);
      if (content.cut) log.info({ url: page.url }, 'page cut at the node or text budget');
      return content;
    } catch (error) {
      if (error instanceof SafeFetchError) throw fetchFailure(error, role);
      if (error instanceof PageTooComplex) {
        log.warn({ url, reason: error.reason }, 'page too complex to analyse');
        throw pageTooComplex(url, role);
      }
      if (error instanceof WorkerPoolBusy) throw pagesBusy();
      throw error;
    }
  };

  /** A case-studies link found on the home page, read when the user gave none. Best effort. */
  const discoverCaseStudies = async (company: PageContent): Promise<PageContent | undefined> => {
    const link = company.customerLinks[0];
    if (!link) return undefined;
    try {
      const page = await deps.fetcher.fetchPage(link.url);
      return await pages.read(page.body, page.url);
    } catch (error) {
      const reason = error instanceof PageTooComplex ? `too_complex:${error.reason}` : (error as SafeFetchError).reason;
      log.info({ url: link.url, reason }, 'case studies link not read');
      return undefined;
    }
  };

  const prospectKey = (url: string) => `prospect:${CACHE_VERSION}:${digest(url)}`;

  const run = async (urls: { company: string; caseStudies?: string; prospect?: string }): Promise<Analysis> => {
    const started = performance.now();
    const [company, givenCaseStudies, prospect] = await Promise.all([
      fetchPage(urls.company, 'company'),
      urls.caseStudies ? fetchPage(urls.caseStudies, 'caseStudies') : undefined,
      urls.prospect ? fetchPage(urls.prospect, 'prospect') : undefined,
    ]);
    const hasDescription = Boolean(
      company.metaDescription || company.ogDescription || company.organization?.description,
    );
    if (company.wordCount < MIN_WORDS && !hasDescription) throw notEnoughContent(company.url);
    const caseStudies = givenCaseStudies ?? (await discoverCaseStudies(company));
    const material: SiteMaterial = { company, caseStudies };

    let analysis: Analysis;
    if (deps.llm) {
      try {
        analysis = await analyseWithLlm(deps.llm, material);
      } catch (error) {
        if (error instanceof LlmError) {
          log.warn({ kind: error.kind, code: error.code, status: error.status }, 'LLM analysis failed');
          throw llmFailure(error);
        }
        throw error;
      }
    } else {
      analysis = analyseSite(material);
    }
    if (prospect && urls.prospect) {
      await cacheSet(prospectKey(urls.prospect), JSON.stringify(profileCompany(prospect)));
    }
    log.info(
      {
        url: company.url,
        analyser: analyserId,
        ms: Math.round(performance.now() - started),
        caseStudies: caseStudies?.url,
        injectionsRemoved: company.injectionsRemoved + (caseStudies?.injectionsRemoved ?? 0),
      },
      'company analysed',
    );
    return analysis;
  };

  const analyse: CompanyAnalyser['analyse'] = async (input, userId) => {
    const urls: { company: string; caseStudies?: string; prospect?: string } = {
      company: normaliseWithRole(input.companyUrl, 'company'),
    };
    if (input.caseStudies) urls.caseStudies = normaliseWithRole(input.caseStudies, 'caseStudies');
    if (input.prospectCompanyUrl) urls.prospect = normaliseWithRole(input.prospectCompanyUrl, 'prospect');
    const key = `analysis:${CACHE_VERSION}:${analyserId}:${digest(JSON.stringify([urls.company, urls.caseStudies ?? '', urls.prospect ?? '']))}`;

    const hit = await cacheGet(key);
    if (hit) {
      const parsed = Analysis.safeParse(safeJson(hit));
      if (parsed.success) return { analysis: parsed.data, cached: true };
    }
    let pending = inFlight.get(key);
    if (!pending) {
      if (deps.limit && userId) {
        await deps.limit.limiter.enforce([{ rule: deps.limit.rule, key: userId }], 'company analyses');
      }
      pending =
        inFlight.get(key) ??
        run(urls)
          .then(async (analysis) => {
            await cacheSet(key, JSON.stringify(analysis));
            return analysis;
          })
          .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return { analysis: await pending, cached: false };
  };

  return {
    analyserId,
    // analyses_total{outcome} (issue 11, item 2): "ok", "cached", or the error code answered.
    async analyse(input, userId) {
      try {
        const outcome = await analyse(input, userId);
        analyses.inc({ outcome: outcome.cached ? 'cached' : 'ok' });
        return outcome;
      } catch (error) {
        analyses.inc({ outcome: error instanceof HttpError ? error.code : 'internal' });
        throw error;
      }
    },
    async prospectProfile(url) {
      const raw = await cacheGet(prospectKey(normaliseUrl(url)));
      return raw ? (safeJson(raw) as CompanyProfile) : null;
    },
    async profileProspect(input, userId) {
      const url = normaliseWithRole(input, 'prospect');
      const raw = await cacheGet(prospectKey(url));
      const cached = raw ? (safeJson(raw) as CompanyProfile | null) : null;
      if (cached?.companyName) return cached;
      // A site read on a user's behalf counts against their fresh analyses, like an analysis.
      if (deps.limit && userId) {
        await deps.limit.limiter.enforce([{ rule: deps.limit.rule, key: userId }], 'company analyses');
      }
      const profile = profileCompany(await fetchPage(url, 'prospect'));
      await cacheSet(prospectKey(url), JSON.stringify(profile));
      return profile;
    },
  };
}

export function normaliseWithRole(input: string, role: PageRole): string {
  try {
    return normaliseUrl(input);
  } catch (error) {
    if (error instanceof SafeFetchError) throw fetchFailure(error, role);
    throw error;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
