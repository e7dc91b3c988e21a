/**
 * AI rewrite settings (env AI_API_URL, AI_API_KEY, AI_MODEL, AI_DAILY_QUOTA; validated in
 * src/config/env.schema.ts). With AI_API_URL unset the embedded simulator answers
 * (`driver: 'simulator'`), like every other provider.
 */
export interface AiConfig {
  driver: 'openai' | 'simulator';
  /** OpenAI-compatible base (e.g. `https://api.openai.com/v1`), no trailing slash; null = simulator. */
  apiUrl: string | null;
  /** Bearer key; only ever sent in the Authorization header, never logged or answered. */
  apiKey: string;
  model: string;
  /** Rewrites per admin per Asia/Taipei day. */
  dailyQuota: number;
  timeoutMs: number;
}

export const DEFAULT_AI_MODEL = 'gpt-4o-mini';
export const DEFAULT_AI_DAILY_QUOTA = 50;
export const DEFAULT_AI_TIMEOUT_MS = 60_000;
export const SIMULATOR_AI_KEY = 'sk-simulator-0000000000000000';
