import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';

/** `AUTH_CONFIG`: the member-account part of the app config (validated with the rest at boot). */
@Module({
  providers: [{ provide: AUTH_CONFIG, useFactory: (app: AppConfig): AuthConfig => app.auth, inject: [APP_CONFIG] }],
  exports: [AUTH_CONFIG],
})
export class AuthConfigModule {}
