import { AiError, AiRewriter, ChatRequest } from './ai-rewriter';

export interface AiClientOptions {
  /** Base URL, e.g. `https://api.openai.com/v1` or the simulator's; `/chat/completions` is appended. */
  apiUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
}

interface ChatAnswer {
  choices?: { message?: { content?: unknown } }[];
  error?: { message?: unknown };
}

/** OpenAI-compatible chat completions over JSON (the key as a Bearer header only). */
export class AiClient implements AiRewriter {
  private readonly base: string;

  constructor(private readonly opts: AiClientOptions) {
    this.base = opts.apiUrl.replace(/\/+$/, '');
  }

  async complete(req: ChatRequest): Promise<string> {
    const body = {
      model: this.opts.model,
      messages: [
        { role: 'system', content: req.system },
        { role: 'user', content: req.user },
      ],
      temperature: req.temperature ?? 0.7,
      max_tokens: req.maxTokens ?? 4096,
    };
    let res: Response;
    try {
      res = await fetch(`${this.base}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${this.opts.apiKey}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 60_000),
      });
    } catch (err) {
      throw new AiError(`AI service unreachable: ${this.scrub((err as Error).message)}`, null);
    }
    let answer: ChatAnswer | null = null;
    try {
      answer = (await res.json()) as ChatAnswer;
    } catch {
      answer = null;
    }
    if (!res.ok) {
      const detail = typeof answer?.error?.message === 'string' ? answer.error.message : `HTTP ${res.status}`;
      throw new AiError(`AI service refused: ${res.status} ${this.scrub(detail)}`, res.status);
    }
    const content = answer?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new AiError('AI service answered without content', res.status);
    return content;
  }

  private scrub(s: string): string {
    return this.opts.apiKey ? s.split(this.opts.apiKey).join('***') : s;
  }
}
