import type { Analysis, Customization, GeneratedSequence, SubmittedAnalysis } from '@seqgen/proto';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/ui/toast-store';
import { track } from '../../lib/analytics';
import { errorMessage } from '../../lib/forms';
import { useAnalyzeCompany } from './api/analyze-company';
import { useGenerateEmails } from './api/generate-emails';
import { generatorReducer, initialGeneratorState } from './conversation';
import { DEFAULT_ANALYSIS_ERROR, generationErrorToast, SUBSCRIBE_REDIRECT_MS } from './generation-errors';

/** The generator's state plus the side effects of each step (requests, toasts, redirect). */
export function useGenerator() {
  const [state, dispatch] = useReducer(generatorReducer, initialGeneratorState);
  const analyze = useAnalyzeCompany();
  const generate = useGenerateEmails();
  const navigate = useNavigate();
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A Start Over while a request runs must not let its late answer revive the old conversation.
  const generation = useRef(0);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const analyzeCompany = useCallback(
    async (input: { companyUrl: string; caseStudies: string }) => {
      const run = ++generation.current;
      dispatch({ type: 'analyze' });
      try {
        const analysis = await analyze.trigger({ companyUrl: input.companyUrl, caseStudies: input.caseStudies });
        if (run !== generation.current) return;
        dispatch({ type: 'analyzed', source: { kind: 'url', ...input }, analysis });
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
      dispatch({ type: 'generate', customization, now: Date.now() });
      track('email_generation', {
        source: source?.kind ?? 'url',
        targetSpecificCompany: customization.targetSpecificCompany,
        industry: customization.industry,
        specificIndustry: customization.specificIndustry,
      });
      try {
        // The (possibly edited) analysis travels with the request, so the user's edits are used.
        const emails = await generate.trigger({
          companyUrl: source?.kind === 'url' ? source.companyUrl : '',
          ...(source?.kind === 'url' && source.caseStudies ? { caseStudies: source.caseStudies } : {}),
          analysis,
          customization,
        });
        if (run !== generation.current) return;
        dispatch({ type: 'generated', emails, now: Date.now() });
      } catch (error) {
        if (run !== generation.current) return;
        dispatch({ type: 'generationFailed' });
        const shown = generationErrorToast(error instanceof Error ? error.message : undefined);
        toast({ title: shown.title, description: shown.description, variant: 'destructive' });
        if (shown.redirectToSubscribe) {
          clearTimeout(redirectTimer.current);
          redirectTimer.current = setTimeout(() => navigate('/subscribe'), SUBSCRIBE_REDIRECT_MS);
        }
      }
    },
    [state, generate.trigger, navigate],
  );

  const openHistory = useCallback((entry: GeneratedSequence) => {
    generation.current++;
    dispatch({ type: 'openHistory', entry });
  }, []);

  const startOver = useCallback(() => {
    generation.current++;
    dispatch({ type: 'startOver' });
  }, []);

  return { state, analyzeCompany, enterManually, editAnalysis, proceed, generateEmails, openHistory, startOver };
}
