import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Back-office orders (issue 11, helper B): `orders.refunded_amount` (refunds so far, for the paid
 * total and the list) and the admin list's filter indexes — status or payment status within a
 * date range, newest first — which replace the single-column status indexes.
 */
export class AdminOrders1795700100000Sqlite implements MigrationInterface {
    name = 'AdminOrders1795700100000';

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer NOT NULL DEFAULT (0)`);
        await queryRunner.query(`CREATE INDEX "idx_orders_status_created" ON "orders" ("status_name", "created_at") `);
        await queryRunner.query(`CREATE INDEX "idx_orders_payment_created" ON "orders" ("payment_status", "created_at") `);
        await queryRunner.query(`DROP INDEX "idx_orders_status"`);
        await queryRunner.query(`DROP INDEX "idx_orders_payment_status"`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE INDEX "idx_orders_payment_status" ON "orders" ("payment_status") `);
        await queryRunner.query(`CREATE INDEX "idx_orders_status" ON "orders" ("status_name") `);
        await queryRunner.query(`DROP INDEX "idx_orders_payment_created"`);
        await queryRunner.query(`DROP INDEX "idx_orders_status_created"`);
        await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "refunded_amount"`);
    }
}
