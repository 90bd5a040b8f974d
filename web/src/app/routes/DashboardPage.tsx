import type { User } from '@seqgen/proto';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/Spinner';
import { useUser } from '../../features/auth/api/get-user';
import { AnalysisCard } from '../../features/generator/components/AnalysisCard';
import { ConversationView, GenerationSuccessCard } from '../../features/generator/components/ConversationView';
import { CustomizationWizard } from '../../features/generator/components/CustomizationWizard';
import { GeneratorCard } from '../../features/generator/components/GeneratorCard';
import { RecentSequences } from '../../features/generator/components/RecentSequences';
import { companyLabelOf, hasConversation } from '../../features/generator/conversation';
import { useGenerator } from '../../features/generator/use-generator';
import { sellerOf } from '../../features/generator/wizard';
import { SequenceResult } from '../../features/sequence/components/SequenceResult';
import { LimitReachedNotice, UsagePanel } from '../../features/usage/components/UsageMeter';
import { previewValues } from '../../lib/sequence/merge-fields';
import { useUsage } from '../../lib/usage/get-usage';
import { usageStatus } from '../../lib/usage/usage-warning';
import { SignedInLayout } from '../layout/SignedInLayout';

/**
 * The signed-in home (docs/product.md §2). Without a conversation: the usage card and the URL entry area.
 * Once a company is known: a usage panel on the left and the conversation on the right.
 */
export function DashboardPage() {
  const { user } = useUser();
  if (!user) return <PageSpinner />;
  // One generator per user: another account signing in on this browser starts from its own draft.
  return <Dashboard key={user.id} user={user} />;
}

function Dashboard({ user }: { user: User }) {
  const navigate = useNavigate();
  const generator = useGenerator(user.id);
  const { state } = generator;
  // Nothing left to generate with: the upgrade is offered before any analysis or wizard step.
  const { data: usage } = useUsage();
  const atLimit = usage ? usageStatus(usage).limitReached : false;
  const greetingName = user.firstName?.trim();
  const companyUrl = state.source?.kind === 'url' ? state.source.companyUrl : '';
  // A reopened sequence starts at its top, not at the scroll offset of the screen it replaced.
  const openHistory = (entry: Parameters<typeof generator.openHistory>[0]) => {
    generator.openHistory(entry);
    window.scrollTo({ top: 0 });
  };
  const preview = useMemo(
    () => previewValues({ customization: state.customization, checkContext: state.checkContext, sender: user }),
    [state.customization, state.checkContext, user],
  );

  if (!hasConversation(state)) {
    return (
      <SignedInLayout onStartOver={generator.startOver}>
        <div className="mx-auto grid w-full max-w-3xl gap-6">
          <div className="grid gap-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="dashboard-title">
              {greetingName ? `Welcome, ${greetingName}` : 'Welcome to seqgen'}
            </h1>
            <p className="text-muted-foreground">Turn a company website into a personalised 7‑email sequence.</p>
          </div>
          <UsagePanel limitExplainedElsewhere={atLimit} />
          {atLimit ? (
            <LimitReachedNotice />
          ) : (
            <GeneratorCard
              analyzing={state.phase === 'analyzing'}
              onAnalyze={(input) => void generator.analyzeCompany(input)}
              onManualContinue={({ analysis }) => generator.enterManually(analysis)}
            />
          )}
          <RecentSequences onOpen={openHistory} />
        </div>
      </SignedInLayout>
    );
  }

  const generating = state.phase === 'generating';
  const company = state.analysis?.companyName || companyLabelOf(state);
  const result =
    state.studio && state.checkContext ? (
      <SequenceResult
        studio={state.studio}
        dispatch={generator.dispatchStudio}
        checks={state.checks}
        checkContext={state.checkContext}
        contextOpened={state.contextOpened}
        companyUrl={companyUrl}
        customization={state.customization}
        regenerateBase={generator.regenerateBase}
        onCheckContext={generator.adoptCheckContext}
        previewValues={preview}
      />
    ) : null;
  return (
    <SignedInLayout onStartOver={generator.startOver}>
      {/* The conversation has no visible title; this one names the screen for screen readers. */}
      <h1 className="sr-only">{company ? `Sequence for ${company}` : 'Your sequence'}</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
        <aside className="grid gap-6 lg:sticky lg:top-24">
          <UsagePanel />
          <div className="hidden lg:block">
            <RecentSequences onOpen={openHistory} />
          </div>
        </aside>
        <div className="grid min-w-0 gap-6">
          {state.analysis && state.phase === 'analysis' ? (
            <AnalysisCard
              analysis={state.analysis}
              companyUrl={companyUrl}
              onChange={generator.editAnalysis}
              onProceed={generator.proceed}
            />
          ) : null}
          {state.phase === 'customizing' || generating ? (
            <CustomizationWizard
              companyLabel={state.analysis?.companyName || companyLabelOf(state)}
              seller={sellerOf(state.analysis)}
              generating={generating}
              onGenerate={(customization) => void generator.generateEmails(customization)}
              onDashboard={() => {
                generator.startOver();
                navigate('/');
              }}
            />
          ) : null}
          {state.phase === 'result' ? <GenerationSuccessCard onStartOver={generator.startOver} /> : null}
          <ConversationView
            messages={state.messages}
            generating={generating}
            stream={state.stream}
            sequence={result}
            onDismissNotices={generator.dismissNotices}
          />
        </div>
      </div>
    </SignedInLayout>
  );
}
