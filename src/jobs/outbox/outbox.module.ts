import { DynamicModule, Module } from '@nestjs/common';
import { Outbox, OUTBOX_OPTIONS, OutboxOptions } from './outbox.service';

/** Global: any service may inject `Outbox` to write a job into its transaction. */
@Module({})
export class OutboxModule {
  static forRoot(options: OutboxOptions): DynamicModule {
    return {
      module: OutboxModule,
      global: true,
      providers: [{ provide: OUTBOX_OPTIONS, useValue: options }, Outbox],
      exports: [Outbox],
    };
  }
}
