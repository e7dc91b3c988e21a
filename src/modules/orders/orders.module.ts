import { Module } from '@nestjs/common';

/**
 * Checkout, payment slip, my orders, cancel, payment results applied to orders, reconciliation
 * and the buyer's order messages (issue 10). Owns orders, order_items, order_messages and the
 * order / payment status codes.
 */
@Module({})
export class OrdersModule {}
