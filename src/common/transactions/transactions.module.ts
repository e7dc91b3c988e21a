import { Global, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ClsModule } from 'nestjs-cls';
import { Transactions } from './transactions';

/**
 * Request- and job-scoped transactions across modules. The CLS context is opened by
 * `Transactions.run()` itself (no HTTP middleware needed): a use case that writes opens it,
 * everything it calls joins it.
 */
@Global()
@Module({
  imports: [
    ClsModule.forRoot({
      global: true,
      plugins: [new ClsPluginTransactional({ adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: getDataSourceToken() }) })],
    }),
  ],
  providers: [Transactions],
  exports: [Transactions],
})
export class TransactionsModule {}
