import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin orders list (issue 11, helper B), after its bench: the count and paid total read one
 * covering index (created_at, status, payment status, amounts) for any date range, and the keyword's
 * whole-phone and e-mail-prefix searches use indexes instead of scanning the range.
 */
export class AdminOrderSearch1795700100001Sqlite implements MigrationInterface {
    name = 'AdminOrderSearch1795700100001';

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE INDEX "idx_orders_created_money" ON "orders" ("created_at", "status_name", "payment_status", "total_amount", "refunded_amount") `);
        await queryRunner.query(`CREATE INDEX "idx_orders_buy_phone" ON "orders" ("buy_phone") `);
        await queryRunner.query(`CREATE INDEX "idx_orders_phone" ON "orders" ("phone") `);
        await queryRunner.query(`CREATE INDEX "idx_orders_buy_email" ON "orders" ("buy_email") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_orders_buy_email"`);
        await queryRunner.query(`DROP INDEX "idx_orders_phone"`);
        await queryRunner.query(`DROP INDEX "idx_orders_buy_phone"`);
        await queryRunner.query(`DROP INDEX "idx_orders_created_money"`);
    }
}
