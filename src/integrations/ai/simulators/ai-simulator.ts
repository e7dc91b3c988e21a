import express, { Router } from 'express';

export interface AiSimulatorCall {
  model: string;
  system: string;
  user: string;
  temperature: number | null;
  maxTokens: number | null;
  /** The Authorization header as received (tests check the key went there and only there). */
  authorization: string | null;
}

export type AiSimulator = Router & {
  calls: AiSimulatorCall[];
  /** The next answer's content, as the model would write it (e.g. markup the sanitizer must strip). */
  answerNext(content: string): void;
  /** The next call fails with this HTTP status and an OpenAI-style error body. */
  failNext(status: number, message?: string): void;
  reset(): void;
};

/**
 * An OpenAI-compatible `POST /chat/completions` for development and tests. It checks the Bearer
 * key, records each call and answers a deterministic "rewrite": the user's HTML inside a section,
 * images and iframes given `loading="lazy"` (as the prompt asks), with a short added paragraph.
 */
export function createAiSimulator(opts: { apiKey: string }): AiSimulator {
  const router = Router() as AiSimulator;
  router.calls = [];
  let nextAnswer: string | null = null;
  let nextFailure: { status: number; message: string } | null = null;
  router.answerNext = (content) => {
    nextAnswer = content;
  };
  router.failNext = (status, message = 'simulated failure') => {
    nextFailure = { status, message };
  };
  router.reset = () => {
    router.calls.length = 0;
    nextAnswer = null;
    nextFailure = null;
  };

  router.post('/chat/completions', express.json({ limit: '4mb' }), (req, res) => {
    const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : null;
    if (authorization !== `Bearer ${opts.apiKey}`) {
      res.status(401).json({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
      return;
    }
    const b = (req.body ?? {}) as { model?: unknown; messages?: unknown; temperature?: unknown; max_tokens?: unknown };
    const messages = Array.isArray(b.messages) ? (b.messages as { role?: unknown; content?: unknown }[]) : [];
    const text = (role: string) => messages.filter((m) => m.role === role).map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
    if (typeof b.model !== 'string' || messages.length === 0) {
      res.status(400).json({ error: { message: 'model and messages are required', type: 'invalid_request_error' } });
      return;
    }
    const call: AiSimulatorCall = {
      model: b.model,
      system: text('system'),
      user: text('user'),
      temperature: typeof b.temperature === 'number' ? b.temperature : null,
      maxTokens: typeof b.max_tokens === 'number' ? b.max_tokens : null,
      authorization,
    };
    router.calls.push(call);
    if (nextFailure) {
      const f = nextFailure;
      nextFailure = null;
      res.status(f.status).json({ error: { message: f.message, type: 'server_error' } });
      return;
    }
    const content = nextAnswer ?? rewrite(call.user);
    nextAnswer = null;
    res.json({
      id: `chatcmpl-sim-${router.calls.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: call.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  });
  return router;
}

function rewrite(html: string): string {
  const lazy = html.replace(/<(img|iframe)\b(?![^>]*\bloading=)/gi, '<$1 loading="lazy"');
  return `<section>${lazy}<p>（AI 優化）</p></section>`;
}
