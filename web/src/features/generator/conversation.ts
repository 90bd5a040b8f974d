import type {
  Analysis,
  CheckContext,
  Customization,
  Email,
  GeneratedSequence,
  GenerationStreamEvent,
  SequenceChecks,
  SubmittedAnalysis,
  WritingLanguage,
} from '@seqgen/proto';
import { openedCheckContext } from '../../lib/sequence/check-context';
import { createStudio, type StudioAction, type StudioState, studioReducer } from '../../lib/sequence/studio';

/** docs/product.md §3 Conversation message. */
export interface ConversationMessage {
  type: 'user' | 'assistant';
  content: string;
  emailSequence?: Email[];
  /**
   * What the writer could not honour for this sequence (context in another language, a prospect
   * outside the seller's audience), shown with it until the user dismisses them.
   */
  notices?: string[];
  timestamp: number;
}

export type GeneratorPhase = 'input' | 'analyzing' | 'analysis' | 'customizing' | 'generating' | 'result';

/** Where the company came from: a URL analysis or the Manual Entry form. */
export type CompanySource = { kind: 'url'; companyUrl: string; caseStudies: string } | { kind: 'manual' };

/** What the stream has said so far: the step it is on, each email written, and the one being written. */
export interface StreamProgress {
  step: string | undefined;
  message: string | undefined;
  emails: (Email | undefined)[];
  /** An LLM writer's words so far for the email it is on (replaced by the finished email). */
  draft: { index: number; subject: string; body: string } | undefined;
}

export type StreamedEvent = Extract<GenerationStreamEvent, { type: 'progress' | 'draft' | 'email' }>;

export const isStreamedEvent = (event: GenerationStreamEvent): event is StreamedEvent =>
  event.type === 'progress' || event.type === 'draft' || event.type === 'email';

export interface GeneratorState {
  phase: GeneratorPhase;
  source: CompanySource | null;
  /** From URL analysis (possibly edited), or the whole Manual Entry form; sent with the request. */
  analysis: Analysis | SubmittedAnalysis | null;
  customization: Customization | null;
  messages: ConversationMessage[];
  /** While generating: what the stream has delivered. */
  stream: StreamProgress | null;
  /** The result as the user edits it (emails, send days, undo). */
  studio: StudioState | null;
  /** The server's checks of the sequence as generated (the browser re-checks after each edit). */
  checks: SequenceChecks | null;
  /** What the checks compare with; from the server, or built from the sequence as it was opened. */
  checkContext: CheckContext | null;
  /** True when checkContext was built in the browser rather than sent by the server. */
  contextOpened: boolean;
  language: WritingLanguage | null;
}

export const initialGeneratorState: GeneratorState = {
  phase: 'input',
  source: null,
  analysis: null,
  customization: null,
  messages: [],
  stream: null,
  studio: null,
  checks: null,
  checkContext: null,
  contextOpened: false,
  language: null,
};

export type GeneratorAction =
  | { type: 'analyze' }
  | { type: 'analysisFailed' }
  | { type: 'analyzed'; source: CompanySource; analysis: Analysis }
  | { type: 'analysisEdited'; analysis: Analysis }
  | { type: 'manualEntered'; analysis: SubmittedAnalysis }
  | { type: 'proceed' }
  | { type: 'generate'; customization: Customization; now: number }
  | { type: 'streamed'; event: StreamedEvent }
  | {
      type: 'generated';
      emails: Email[];
      now: number;
      checks?: SequenceChecks | undefined;
      checkContext?: CheckContext | undefined;
      language?: WritingLanguage | undefined;
      notices?: string[] | undefined;
    }
  | { type: 'generationFailed' }
  | { type: 'dismissNotices'; timestamp: number }
  | { type: 'openHistory'; entry: GeneratedSequence }
  | { type: 'studio'; action: StudioAction }
  | { type: 'checkContext'; checkContext: CheckContext }
  | { type: 'restore'; state: GeneratorState }
  | { type: 'startOver' };

export const assistantContent = (count: number) => `Here is your ${count}-email sequence.`;

/** The generator's states and transitions (docs/product.md §4 Generator) as a pure reducer. */
export function generatorReducer(state: GeneratorState, action: GeneratorAction): GeneratorState {
  switch (action.type) {
    case 'analyze':
      return { ...initialGeneratorState, phase: 'analyzing' };
    case 'analysisFailed':
      return { ...state, phase: 'input' };
    case 'analyzed':
      return { ...state, phase: 'analysis', source: action.source, analysis: action.analysis };
    case 'analysisEdited':
      return { ...state, analysis: action.analysis };
    case 'manualEntered':
      return {
        ...initialGeneratorState,
        phase: 'customizing',
        source: { kind: 'manual' },
        analysis: action.analysis,
      };
    case 'proceed':
      return { ...state, phase: 'customizing' };
    case 'generate':
      return {
        ...state,
        phase: 'generating',
        customization: action.customization,
        stream: { step: undefined, message: undefined, emails: [], draft: undefined },
        messages: [...state.messages, { type: 'user', content: companyLabelOf(state), timestamp: action.now }],
      };
    case 'streamed': {
      if (state.phase !== 'generating' || !state.stream) return state;
      const { event } = action;
      if (event.type === 'progress') {
        return { ...state, stream: { ...state.stream, step: event.step, message: event.message } };
      }
      if (event.type === 'draft') {
        const { index, subject, body } = event;
        return { ...state, stream: { ...state.stream, draft: { index, subject, body } } };
      }
      const emails = [...state.stream.emails];
      emails[event.index] = event.email;
      const draft = state.stream.draft?.index === event.index ? undefined : state.stream.draft;
      return { ...state, stream: { ...state.stream, emails, draft } };
    }
    case 'generated': {
      const checkContext =
        action.checkContext ??
        openedCheckContext({ emails: action.emails, customization: state.customization, language: action.language });
      return {
        ...state,
        phase: 'result',
        stream: null,
        studio: createStudio(action.emails),
        checks: action.checks ?? null,
        checkContext,
        contextOpened: !action.checkContext,
        language: action.language ?? checkContext.language,
        messages: [
          ...state.messages,
          {
            type: 'assistant',
            content: assistantContent(action.emails.length),
            emailSequence: action.emails,
            ...(action.notices?.length ? { notices: action.notices } : {}),
            timestamp: action.now,
          },
        ],
      };
    }
    case 'dismissNotices':
      return {
        ...state,
        messages: state.messages.map((message) => {
          if (message.timestamp !== action.timestamp || !message.notices) return message;
          const { notices: _dismissed, ...rest } = message;
          return rest;
        }),
      };
    case 'generationFailed':
      // The request never produced an answer: drop its question so the conversation stays truthful.
      return { ...state, phase: 'customizing', stream: null, messages: state.messages.slice(0, -1) };
    case 'openHistory': {
      // A sequence from the history opens as a finished conversation, ready to edit, rate, save or export.
      const at = Date.parse(action.entry.createdAt) || 0;
      const checkContext = openedCheckContext({
        emails: action.entry.sequence,
        customization: action.entry.customization,
      });
      return {
        ...initialGeneratorState,
        phase: 'result',
        source: { kind: 'url', companyUrl: action.entry.companyUrl, caseStudies: '' },
        customization: action.entry.customization,
        studio: createStudio(action.entry.sequence),
        checkContext,
        contextOpened: true,
        language: checkContext.language,
        messages: [
          { type: 'user', content: action.entry.companyUrl || 'Manual entry', timestamp: at },
          {
            type: 'assistant',
            content: assistantContent(action.entry.sequence.length),
            emailSequence: action.entry.sequence,
            timestamp: at + 1,
          },
        ],
      };
    }
    case 'studio': {
      if (!state.studio) return state;
      const studio = studioReducer(state.studio, action.action);
      // The server's checks describe the emails as generated; once they change, the browser's own count.
      const checks = studio.emails === state.studio.emails ? state.checks : null;
      return { ...state, studio, checks };
    }
    case 'checkContext':
      // A regeneration brings the server's context: better than one built from the opened text.
      return state.contextOpened ? { ...state, checkContext: action.checkContext, contextOpened: false } : state;
    case 'restore':
      return action.state;
    case 'startOver':
      return initialGeneratorState;
  }
}

/** The first user message: the company URL, or the company name for manual entry. */
export function companyLabelOf(state: Pick<GeneratorState, 'source' | 'analysis'>): string {
  if (state.source?.kind === 'url') return state.source.companyUrl;
  return state.analysis?.companyName ?? '';
}

/** With a company in hand the dashboard switches to the usage panel + conversation layout (docs/product.md §2). */
export const hasConversation = (state: GeneratorState) => state.phase !== 'input' && state.phase !== 'analyzing';
