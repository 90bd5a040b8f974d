import type { Analysis, Customization, Email, GeneratedSequence, SubmittedAnalysis } from '@seqgen/proto';

/** Spec §3 Conversation message. */
export interface ConversationMessage {
  type: 'user' | 'assistant';
  content: string;
  emailSequence?: Email[];
  timestamp: number;
}

export type GeneratorPhase = 'input' | 'analyzing' | 'analysis' | 'customizing' | 'generating' | 'result';

/** Where the company came from: a URL analysis or the Manual Entry form. */
export type CompanySource = { kind: 'url'; companyUrl: string; caseStudies: string } | { kind: 'manual' };

export interface GeneratorState {
  phase: GeneratorPhase;
  source: CompanySource | null;
  /** From URL analysis (possibly edited), or the whole Manual Entry form; sent with the request. */
  analysis: Analysis | SubmittedAnalysis | null;
  customization: Customization | null;
  messages: ConversationMessage[];
}

export const initialGeneratorState: GeneratorState = {
  phase: 'input',
  source: null,
  analysis: null,
  customization: null,
  messages: [],
};

export type GeneratorAction =
  | { type: 'analyze' }
  | { type: 'analysisFailed' }
  | { type: 'analyzed'; source: CompanySource; analysis: Analysis }
  | { type: 'analysisEdited'; analysis: Analysis }
  | { type: 'manualEntered'; analysis: SubmittedAnalysis }
  | { type: 'proceed' }
  | { type: 'generate'; customization: Customization; now: number }
  | { type: 'generated'; emails: Email[]; now: number }
  | { type: 'generationFailed' }
  | { type: 'openHistory'; entry: GeneratedSequence }
  | { type: 'startOver' };

/** The generator's states and transitions (spec §4 Generator) as a pure reducer. */
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
        messages: [...state.messages, { type: 'user', content: companyLabelOf(state), timestamp: action.now }],
      };
    case 'generated':
      return {
        ...state,
        phase: 'result',
        messages: [
          ...state.messages,
          {
            type: 'assistant',
            content: `Here is your ${action.emails.length}-email sequence.`,
            emailSequence: action.emails,
            timestamp: action.now,
          },
        ],
      };
    case 'generationFailed':
      // The request never produced an answer: drop its question so the conversation stays truthful.
      return { ...state, phase: 'customizing', messages: state.messages.slice(0, -1) };
    case 'openHistory': {
      // A sequence from the history opens as a finished conversation, ready to rate, save or export.
      const at = Date.parse(action.entry.createdAt) || 0;
      return {
        ...initialGeneratorState,
        phase: 'result',
        source: { kind: 'url', companyUrl: action.entry.companyUrl, caseStudies: '' },
        customization: action.entry.customization,
        messages: [
          { type: 'user', content: action.entry.companyUrl || 'Manual entry', timestamp: at },
          {
            type: 'assistant',
            content: `Here is your ${action.entry.sequence.length}-email sequence.`,
            emailSequence: action.entry.sequence,
            timestamp: at + 1,
          },
        ],
      };
    }
    case 'startOver':
      return initialGeneratorState;
  }
}

/** The first user message: the company URL, or the company name for manual entry. */
export function companyLabelOf(state: Pick<GeneratorState, 'source' | 'analysis'>): string {
  if (state.source?.kind === 'url') return state.source.companyUrl;
  return state.analysis?.companyName ?? '';
}

/** With a company in hand the dashboard switches to the usage panel + conversation layout (spec §2). */
export const hasConversation = (state: GeneratorState) => state.phase !== 'input' && state.phase !== 'analyzing';
