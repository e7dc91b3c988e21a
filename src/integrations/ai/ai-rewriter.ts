/** One chat-completion turn: the system rules and the user's content. */
export interface ChatRequest {
  system: string;
  user: string;
  temperature?: number;
  maxTokens?: number;
}

/** Rewrites text with a chat-completion model (`AiClient`: OpenAI-compatible `/chat/completions`). */
export interface AiRewriter {
  /** The first choice's message content. Throws AiError on failure. */
  complete(req: ChatRequest): Promise<string>;
}

export const AI_REWRITER = Symbol('AI_REWRITER');

/** The provider refused or was unreachable (`status` null). Messages never contain the API key. */
export class AiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'AiError';
  }
}
