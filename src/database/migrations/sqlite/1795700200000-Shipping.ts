import { MigrationInterface, QueryRunner } from 'typeorm';

/** Shipping tickets as jobs (issue 11): the shipment's MerTradeNo, one live ticket per order, label, status; orders.delivered_at. */
export class Shipping1795700200000Sqlite implements MigrationInterface {
    name = 'Shipping1795700200000';

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "shipping_tickets" ADD COLUMN "mer_trade_no" varchar(25) NOT NULL DEFAULT ('')`);
        await queryRunner.query(`ALTER TABLE "shipping_tickets" ADD COLUMN "live_order_id" integer`);
        await queryRunner.query(`ALTER TABLE "shipping_tickets" ADD COLUMN "carrier" varchar(20) NOT NULL DEFAULT ('')`);
        await queryRunner.query(`ALTER TABLE "shipping_tickets" ADD COLUMN "message" varchar(255) NOT NULL DEFAULT ('')`);
        await queryRunner.query(`ALTER TABLE "shipping_tickets" ADD COLUMN "label_html" text`);
        await queryRunner.query(`ALTER TABLE "shipping_tickets" ADD COLUMN "ship_status" varchar(20) NOT NULL DEFAULT ('')`);
        await queryRunner.query(`ALTER TABLE "shipping_tickets" ADD COLUMN "ship_status_desc" varchar(255) NOT NULL DEFAULT ('')`);
        await queryRunner.query(`ALTER TABLE "shipping_tickets" ADD COLUMN "ship_status_time" datetime(3)`);
        await queryRunner.query(`ALTER TABLE "shipping_tickets" ADD COLUMN "at_store_sms_at" datetime(3)`);
        await queryRunner.query(`ALTER TABLE "shipping_tickets" ADD COLUMN "created_by_name" varchar(50) NOT NULL DEFAULT ('')`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_shipping_tickets_live_order" ON "shipping_tickets" ("live_order_id") `);
        await queryRunner.query(`CREATE INDEX "idx_shipping_tickets_open" ON "shipping_tickets" ("status", "created_at") `);
        await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "delivered_at" datetime(3)`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "delivered_at"`);
        await queryRunner.query(`DROP INDEX "idx_shipping_tickets_open"`);
        await queryRunner.query(`DROP INDEX "uq_shipping_tickets_live_order"`);
        for (const c of ['created_by_name', 'at_store_sms_at', 'ship_status_time', 'ship_status_desc', 'ship_status', 'label_html', 'message', 'carrier', 'live_order_id', 'mer_trade_no']) {
            await queryRunner.query(`ALTER TABLE "shipping_tickets" DROP COLUMN "${c}"`);
        }
    }
}
