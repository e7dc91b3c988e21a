import { Global, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AmegoClient } from '../amego/amego-client';
import type { InvoiceGateway } from '../amego/invoice-gateway';
import { createLinePayGateway } from '../linepay/linepay-gateway.factory';
import type { LinePayGateway } from '../linepay/linepay-gateway';
import { HttpPayuniGateway } from '../payuni/payuni-client';
import { TelegramClient } from '../telegram/telegram-client';
import type { StaffAlertSender } from '../telegram/staff-alert-sender';
import { EmbeddedSimulators, SIMULATOR_MOUNTS, startEmbeddedSimulators } from './embedded-simulators';
import { INVOICE_GATEWAY, LINEPAY_GATEWAY, PAYUNI_GATEWAY, PAYUNI_LOGISTICS, SIMULATORS, STAFF_ALERT_SENDER } from './provider-tokens';

/** Holds the embedded simulators (null when every provider is real) and closes their listener at shutdown. */
@Injectable()
export class SimulatorsHost implements OnApplicationShutdown {
  constructor(readonly simulators: EmbeddedSimulators | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.simulators?.close();
  }
}

/**
 * The payment, logistics, invoice and alert providers (PAYUNi, LINE Pay, Amego, Telegram): the
 * real clients, pointed at the configured URL or, with none, at the app's own simulators
 * (served on a loopback port for this process; their pages mounted under /sim/… by configureHttp).
 */
@Global()
@Module({
  providers: [
    {
      provide: SimulatorsHost,
      inject: [APP_CONFIG, { token: HttpAdapterHost, optional: true }],
      // A process with HTTP (web) runs the simulators; one without (worker) calls the web's.
      useFactory: async (config: AppConfig, http?: HttpAdapterHost) =>
        new SimulatorsHost(await startEmbeddedSimulators(config, { listen: Boolean(http?.httpAdapter) })),
    },
    { provide: SIMULATORS, inject: [SimulatorsHost], useFactory: (host: SimulatorsHost) => host.simulators },
    {
      provide: PAYUNI_GATEWAY,
      inject: [APP_CONFIG, SimulatorsHost],
      useFactory: (config: AppConfig, host: SimulatorsHost): HttpPayuniGateway => {
        const s = config.providers.payuni;
        const sims = host.simulators;
        if (s.apiUrl !== null || !sims) return new HttpPayuniGateway({ apiUrl: s.apiUrl as string, merId: s.merId, hashKey: s.hashKey, hashIv: s.hashIv });
        return new HttpPayuniGateway({
          apiUrl: sims.apiUrlOf('payuni'),
          // Browsers reach the simulator on the shop: relative to the request's origin, or PUBLIC_URL.
          browserUrl: `${config.publicUrl ?? ''}${SIMULATOR_MOUNTS.payuni}`,
          merId: s.merId,
          hashKey: s.hashKey,
          hashIv: s.hashIv,
        });
      },
    },
    { provide: PAYUNI_LOGISTICS, useExisting: PAYUNI_GATEWAY },
    {
      provide: LINEPAY_GATEWAY,
      inject: [APP_CONFIG, SimulatorsHost],
      useFactory: (config: AppConfig, host: SimulatorsHost): LinePayGateway =>
        createLinePayGateway(config.providers.linepay, host.simulators?.apiUrlOf('linepay')),
    },
    {
      provide: INVOICE_GATEWAY,
      inject: [APP_CONFIG, SimulatorsHost],
      useFactory: (config: AppConfig, host: SimulatorsHost): InvoiceGateway => {
        const a = config.providers.amego;
        return new AmegoClient({ apiUrl: a.apiUrl ?? (host.simulators as EmbeddedSimulators).apiUrlOf('amego'), taxId: a.taxId, appKey: a.appKey });
      },
    },
    {
      provide: STAFF_ALERT_SENDER,
      inject: [APP_CONFIG, SimulatorsHost],
      useFactory: (config: AppConfig, host: SimulatorsHost): StaffAlertSender => {
        const t = config.providers.telegram;
        return new TelegramClient({ apiUrl: t.apiUrl ?? (host.simulators as EmbeddedSimulators).apiUrlOf('telegram'), token: t.token });
      },
    },
  ],
  exports: [SIMULATORS, PAYUNI_GATEWAY, PAYUNI_LOGISTICS, LINEPAY_GATEWAY, INVOICE_GATEWAY, STAFF_ALERT_SENDER],
})
export class ProvidersModule {}
