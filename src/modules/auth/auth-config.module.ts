import { Module } from '@nestjs/common';
import { AUTH_CONFIG, AuthConfig, authConfigFromEnv } from './auth.config';

/** `AUTH_CONFIG`, read once from the environment (fails the boot on a bad value). */
@Module({
  providers: [{ provide: AUTH_CONFIG, useFactory: (): AuthConfig => authConfigFromEnv() }],
  exports: [AUTH_CONFIG],
})
export class AuthConfigModule {}
