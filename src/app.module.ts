import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { CacheModule } from './common/cache/cache.module';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter';
import { FastReadsModule } from './common/http/fast-reads.module';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { RedisModule } from './common/redis/redis.module';
import { createRootLogger, loggerParams, ROOT_LOGGER } from './common/http/logger';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { buildDataSourceOptions } from './database/data-source';
import { MailModule } from './integrations/mail/mail.module';
import { JobsModule } from './jobs/jobs.module';
import { OutboxModule } from './jobs/outbox/outbox.module';
import { EventsModule } from './common/events/events.module';
import { TransactionsModule } from './common/transactions/transactions.module';
import { AuthModule } from './modules/auth/auth.module';
import { AuditModule } from './modules/audit/audit.module';
import { StaffModule } from './modules/staff/staff.module';
import { CatalogModule } from './modules/catalog/catalog.module';
import { ContentModule } from './modules/content/content.module';
import { HealthModule } from './modules/health/health.module';
import { JobsAdminModule } from './modules/jobs-admin/jobs-admin.module';
import { PhoneVerificationModule } from './modules/phone-verification/phone-verification.module';
import { SeoModule } from './modules/seo/seo.module';
import { SettingsModule } from './modules/settings/settings.module';
import { UsersModule } from './modules/users/users.module';
import { ProvidersModule } from './integrations/providers/providers.module';
import { InvoicesModule } from './modules/invoices/invoices.module';
import { LogisticsModule } from './modules/logistics/logistics.module';
import { OrdersModule } from './modules/orders/orders.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { RefundsModule } from './modules/refunds/refunds.module';
import { ImagesModule } from './modules/images/images.module';
import { EditorModule } from './modules/editor/editor.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { PromotionsModule } from './modules/promotions/promotions.module';
import { MemberNoticesModule } from './modules/member-notices/member-notices.module';
import { RewardsModule } from './modules/rewards/rewards.module';
import { ReviewsModule } from './modules/reviews/reviews.module';
import { WishlistModule } from './modules/wishlist/wishlist.module';
import { PreferencesModule } from './modules/preferences/preferences.module';
import { LineMessagingModule } from './integrations/line-messaging/line-messaging.module';
import { OrderNewsModule } from './modules/order-news/order-news.module';
import { MemberCartModule } from './modules/member-cart/member-cart.module';
import { PrivacyModule } from './modules/privacy/privacy.module';
import { ClaimsModule } from './modules/claims/claims.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { MetricsModule } from './modules/metrics/metrics.module';

export interface AppModuleOptions {
  /** HTTP controllers (web) or only job processors (worker). */
  http: boolean;
  /** Run queue processors in this process. */
  runWorkers: boolean;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: AppModuleOptions): DynamicModule {
    const rootLogger = createRootLogger(config);
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(rootLogger)),
        TypeOrmModule.forRoot(buildDataSourceOptions(config.databaseUrl)),
        RedisModule,
        RateLimitModule,
        CacheModule,
        FastReadsModule,
        MailModule,
        TransactionsModule,
        EventsModule,
        JobsModule.forRoot({
          redisUrl: config.redisUrl,
          runWorkers: options.runWorkers,
          prefix: config.redisPrefix,
          attempts: config.jobs.attempts,
          backoffDelayMs: config.jobs.backoffDelayMs,
          backoffMaxDelayMs: config.jobs.backoffMaxDelayMs,
          stalledIntervalMs: config.jobs.stalledIntervalMs,
          lockDurationMs: config.jobs.lockDurationMs,
        }),
        OutboxModule.forRoot({ sweepMs: config.jobs.outboxSweepMs, recheckMs: config.jobs.outboxRecheckMs, claimMs: config.jobs.outboxClaimMs }),
        SettingsModule,
        CatalogModule,
        ContentModule,
        UsersModule,
        PhoneVerificationModule,
        AuthModule,
        StaffModule,
        AuditModule,
        ProvidersModule,
        PaymentsModule,
        OrdersModule,
        PromotionsModule,
        MemberNoticesModule,
        RewardsModule,
        ReviewsModule,
        WishlistModule,
        PreferencesModule,
        LineMessagingModule,
        OrderNewsModule,
        MemberCartModule,
        PrivacyModule,
        ClaimsModule,
        AnalyticsModule,
        InvoicesModule,
        RefundsModule,
        ImagesModule,
        LogisticsModule,
        ...(options.http ? [HealthModule, MetricsModule, SeoModule, JobsAdminModule, EditorModule, DashboardModule] : []),
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }, { provide: ROOT_LOGGER, useValue: rootLogger }],
    };
  }
}
