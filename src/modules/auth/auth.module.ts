import { Module } from '@nestjs/common';
import { PhoneVerificationModule } from '../phone-verification/phone-verification.module';
import { UsersModule } from '../users/users.module';
import { AccountService } from './account.service';
import { AuthConfigModule } from './auth-config.module';
import { AuthPassport } from './auth-passport';
import { CsrfController } from './csrf.controller';
import { CsrfService } from './csrf.service';
import { LoginThrottle } from './login-throttle.service';
import { PasswordLogin } from './password-login.service';
import { PasswordHasher } from './passwords';
import { SessionAuthService } from './session-auth.service';
import { SessionBackend } from './session/session-backend';
import { ShopLoginController } from './shop-login.controller';
import { ShopPasswordController } from './shop-password.controller';
import { SocialLoginService } from './social/social-login.service';
import { ShopLineBindController } from './social/shop-line-bind.controller';
import { PreferencesModule } from '../preferences/preferences.module';

/**
 * Member authentication: sessions (store, CSRF, passport — installed by `configureSessions`),
 * password login with throttling, registration, password reset and change, social login.
 */
@Module({
  imports: [AuthConfigModule, UsersModule, PhoneVerificationModule, PreferencesModule],
  controllers: [ShopLoginController, ShopPasswordController, CsrfController, ShopLineBindController],
  providers: [
    SessionBackend,
    CsrfService,
    PasswordHasher,
    LoginThrottle,
    PasswordLogin,
    AuthPassport,
    SessionAuthService,
    AccountService,
    SocialLoginService,
  ],
  exports: [SessionAuthService, PasswordHasher, AuthConfigModule, SessionBackend],
})
export class AuthModule {}
