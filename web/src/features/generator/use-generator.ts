import type { Analysis, CheckContext, Customization, GeneratedSequence, SubmittedAnalysis } from '@seqgen/proto';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RegenerateBase } from '../../components/sequence/use-regenerate';
import { toast } from '../../components/ui/toast-store';
import { AnalyticsEvent, track } from '../../lib/analytics';
import { errorMessage } from '../../lib/forms';
import type { StudioAction } from '../../lib/sequence/studio';
import { getUsageDetails } from '../../lib/usage/get-usage';
import { limitMessage } from '../../lib/usage/usage-warning';
import { browserStorage } from '../../lib/user-storage';
import { useAnalyzeCompany } from './api/analyze-company';
import { useStreamGeneration } from './api/generate-emails-stream';
import { type GeneratorState, generatorReducer, initialGeneratorState, isStreamedEvent } from './conversation';
import { clearDraft, draftOf, loadDraft, saveDraft, stateFromDraft } from './draft-store';
import {
  DEFAULT_ANALYSIS_ERROR,
  generationErrorToast,
  isLimitReached,
  SUBSCRIBE_REDIRECT_MS,
} from './generation-errors';

/** The dashboard as this user left it: their saved draft's result, else the empty generator. */
function initialStateFor(userId: string): GeneratorState {
  const draft = loadDraft(browserStorage(), userId);
  return draft ? stateFromDraft(draft) : initialGeneratorState;
}

/**
 * The generator's state plus the side effects of each step (requests, toasts, redirect), the
 * streamed generation, and the draft that keeps the result (with the user's edits) across reloads.
 */
export function useGenerator(userId: string) {
  const [state, dispatch] = useReducer(generatorReducer, userId, initialStateFor);
  const analyze = useAnalyzeCompany();
  const stream = useStreamGeneration();
  const navigate = useNavigate();
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A Start Over while a request runs must not let its late answer revive the old conversation.
  const generation = useRef(0);
  // The stream in flight: Start Over, opening the history or leaving the page ends it.
  const streaming = useRef<AbortController | null>(null);

  const stopStream = useCallback(() => {
    streaming.current?.abort();
    streaming.current = null;
  }, []);

  useEffect(
    () => () => {
      clearTimeout(redirectTimer.current);
      stopStream();
    },
    [stopStream],
  );

  // Every change of a finished result is written at once (not debounced): the Edit button of docs/product.md §2
  // reloads the page right after the last keystroke.
  useEffect(() => {
    const draft = draftOf(state, userId);
    if (draft) saveDraft(browserStorage(), draft);
  }, [state, userId]);

  const analyzeCompany = useCallback(
    async (input: { companyUrl: string; caseStudies: string }) => {
      const run = ++generation.current;
      dispatch({ type: 'analyze' });
      try {
        const analysis = await analyze.trigger({ companyUrl: input.companyUrl, caseStudies: input.caseStudies });
        if (run !== generation.current) return;
        dispatch({ type: 'analyzed', source: { kind: 'url', ...input }, analysis });
        track(AnalyticsEvent.analysisCompleted, { source: 'url', language: analysis.language });
      } catch (error) {
        if (run !== generation.current) return;
        dispatch({ type: 'analysisFailed' });
        toast({
          title: 'Analysis Failed',
          description: errorMessage(error, DEFAULT_ANALYSIS_ERROR),
          variant: 'destructive',
        });
      }
    },
    [analyze.trigger],
  );

  const enterManually = useCallback((analysis: SubmittedAnalysis) => {
    generation.current++;
    dispatch({ type: 'manualEntered', analysis });
  }, []);

  const editAnalysis = useCallback((analysis: Analysis) => dispatch({ type: 'analysisEdited', analysis }), []);
  const proceed = useCallback(() => dispatch({ type: 'proceed' }), []);

  const generateEmails = useCallback(
    async (customization: Customization) => {
      const { source, analysis } = state;
      if (!analysis) return;
      const run = ++generation.current;
      stopStream();
      const controller = new AbortController();
      streaming.current = controller;
      dispatch({ type: 'generate', customization, now: Date.now() });
      track('email_generation', {
        source: source?.kind ?? 'url',
        targetSpecificCompany: customization.targetSpecificCompany,
        industry: customization.industry,
        // Not specificIndustry: what the user typed stays out of analytics (free text).
      });
      try {
        // The (possibly edited) analysis travels with the request, so the user's edits are used.
        const result = await stream(
          {
            companyUrl: source?.kind === 'url' ? source.companyUrl : '',
            ...(source?.kind === 'url' && source.caseStudies ? { caseStudies: source.caseStudies } : {}),
            analysis,
            customization,
          },
          {
            signal: controller.signal,
            onEvent: (event) => {
              if (run !== generation.current) return;
              if (isStreamedEvent(event)) dispatch({ type: 'streamed', event });
            },
          },
        );
        if (run !== generation.current) return;
        dispatch({
          type: 'generated',
          emails: result.sequence,
          checks: result.checks,
          checkContext: result.checkContext,
          language: result.language,
          notices: result.notices,
          now: Date.now(),
        });
      } catch (error) {
        if (run !== generation.current || controller.signal.aborted) return;
        dispatch({ type: 'generationFailed' });
        // At the limit, the toast names the user's plan and renewal date (the trial keeps the text of docs/product.md §8).
        const details = isLimitReached(error) ? await getUsageDetails() : undefined;
        if (run !== generation.current) return;
        const shown = generationErrorToast(error, details ? limitMessage(details, details) : undefined);
        toast({ title: shown.title, description: shown.description, variant: 'destructive' });
        if (shown.redirectToSubscribe) {
          clearTimeout(redirectTimer.current);
          redirectTimer.current = setTimeout(() => navigate('/subscribe'), SUBSCRIBE_REDIRECT_MS);
        }
      } finally {
        if (streaming.current === controller) streaming.current = null;
      }
    },
    [state, stream, navigate, stopStream],
  );

  const openHistory = useCallback(
    (entry: GeneratedSequence) => {
      generation.current++;
      stopStream();
      dispatch({ type: 'openHistory', entry });
    },
    [stopStream],
  );

  const startOver = useCallback(() => {
    generation.current++;
    stopStream();
    clearDraft(browserStorage(), userId);
    dispatch({ type: 'startOver' });
  }, [stopStream, userId]);

  const dispatchStudio = useCallback((action: StudioAction) => dispatch({ type: 'studio', action }), []);
  const dismissNotices = useCallback((timestamp: number) => dispatch({ type: 'dismissNotices', timestamp }), []);
  const adoptCheckContext = useCallback(
    (checkContext: CheckContext) => dispatch({ type: 'checkContext', checkContext }),
    [],
  );

  // What a regeneration sends besides the emails: the generation's own inputs.
  const { source, analysis, customization } = state;
  const regenerateBase = useMemo<RegenerateBase | undefined>(() => {
    if (!customization) return undefined;
    return {
      companyUrl: source?.kind === 'url' ? source.companyUrl : '',
      ...(source?.kind === 'url' && source.caseStudies ? { caseStudies: source.caseStudies } : {}),
      ...(analysis ? { analysis: analysis as SubmittedAnalysis } : {}),
      customization,
    };
  }, [source, analysis, customization]);

  return {
    state,
    analyzeCompany,
    enterManually,
    editAnalysis,
    proceed,
    generateEmails,
    openHistory,
    startOver,
    dispatchStudio,
    dismissNotices,
    adoptCheckContext,
    regenerateBase,
  };
}
