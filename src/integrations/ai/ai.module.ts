import { Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { LoopbackServer, listenOnLoopback } from '../simulators/listen';
import { AiClient } from './ai-client';
import { AI_REWRITER, AiRewriter } from './ai-rewriter';
import { AiSimulator, createAiSimulator } from './simulators/ai-simulator';

export const AI_SIMULATOR = Symbol('AI_SIMULATOR');

/** The AI simulator and its loopback listener when AI_API_URL is unset (null otherwise); closed at shutdown. */
@Injectable()
export class AiSimulatorHost implements OnApplicationShutdown {
  constructor(
    readonly simulator: AiSimulator | null,
    readonly server: LoopbackServer | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
  }
}

/**
 * The editor's AI provider: the real OpenAI-compatible client (`AiClient`), pointed at AI_API_URL
 * or, with none, at the built-in simulator served on a loopback port (real HTTP either way, as
 * the other providers). `app.get(AI_SIMULATOR)` gives tests the simulator (calls, answerNext, failNext).
 */
@Module({
  providers: [
    {
      provide: AiSimulatorHost,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        if (config.providers.ai.apiUrl !== null) return new AiSimulatorHost(null, null);
        const sim = createAiSimulator({ apiKey: config.providers.ai.apiKey });
        const server = await listenOnLoopback(sim);
        new Logger('Providers').log(`built-in simulator for ai (API on ${server.url})`);
        return new AiSimulatorHost(sim, server);
      },
    },
    { provide: AI_SIMULATOR, inject: [AiSimulatorHost], useFactory: (host: AiSimulatorHost) => host.simulator },
    {
      provide: AI_REWRITER,
      inject: [APP_CONFIG, AiSimulatorHost],
      useFactory: (config: AppConfig, host: AiSimulatorHost): AiRewriter => {
        const a = config.providers.ai;
        return new AiClient({ apiUrl: a.apiUrl ?? (host.server as LoopbackServer).url, apiKey: a.apiKey, model: a.model, timeoutMs: a.timeoutMs });
      },
    },
  ],
  exports: [AI_REWRITER, AI_SIMULATOR],
})
export class AiModule {}
