import { Module } from '@nestjs/common';

/** E-invoices (Amego): issue / void jobs. Owns invoices. */
@Module({})
export class InvoicesModule {}
