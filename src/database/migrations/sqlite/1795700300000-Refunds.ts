import { MigrationInterface, QueryRunner } from 'typeorm';

/** Refunds and return requests (issue 11, helper D); orders.return_status (refunded_amount is B's 1795700100000-AdminOrders). Hand-written like the generated ones. */
export class Refunds1795700300000Sqlite implements MigrationInterface {
    name = 'Refunds1795700300000';

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "refunds" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "order_id" integer NOT NULL, "refund_key" varchar(64) NOT NULL, "amount" integer NOT NULL DEFAULT (0), "method" varchar(20) NOT NULL, "status" varchar(20) NOT NULL DEFAULT ('pending'), "reason" varchar(255) NOT NULL DEFAULT (''), "restock" tinyint NOT NULL DEFAULT (0), "invoice_action" varchar(20) NOT NULL DEFAULT ('none'), "bank_code" varchar(3) NOT NULL DEFAULT (''), "bank_account" varchar(20) NOT NULL DEFAULT (''), "bank_name" varchar(50) NOT NULL DEFAULT (''), "gateway_ref" varchar(64) NOT NULL DEFAULT (''), "message" varchar(255) NOT NULL DEFAULT (''), "raw" json, "created_by" integer, "created_by_name" varchar(50) NOT NULL DEFAULT (''), "done_at" datetime(3), "created_at" datetime(3) NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')), "updated_at" datetime(3) NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_refunds_order_key" ON "refunds" ("order_id", "refund_key") `);
        await queryRunner.query(`CREATE INDEX "idx_refunds_order" ON "refunds" ("order_id", "created_at") `);
        await queryRunner.query(`CREATE INDEX "idx_refunds_status" ON "refunds" ("status") `);
        await queryRunner.query(`CREATE TABLE "return_requests" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "order_id" integer NOT NULL, "user_id" integer NOT NULL, "reason" varchar(255) NOT NULL DEFAULT (''), "status" varchar(20) NOT NULL DEFAULT ('requested'), "staff_reason" varchar(255) NOT NULL DEFAULT (''), "handled_by" integer, "handled_by_name" varchar(50) NOT NULL DEFAULT (''), "handled_at" datetime(3), "created_at" datetime(3) NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')), "updated_at" datetime(3) NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uq_return_requests_order" ON "return_requests" ("order_id") `);
        await queryRunner.query(`CREATE INDEX "idx_return_requests_status" ON "return_requests" ("status", "created_at") `);
        await queryRunner.query(`ALTER TABLE "orders" ADD COLUMN "return_status" varchar(20) NOT NULL DEFAULT ('')`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "return_status"`);
        await queryRunner.query(`DROP INDEX "idx_return_requests_status"`);
        await queryRunner.query(`DROP INDEX "uq_return_requests_order"`);
        await queryRunner.query(`DROP TABLE "return_requests"`);
        await queryRunner.query(`DROP INDEX "idx_refunds_status"`);
        await queryRunner.query(`DROP INDEX "idx_refunds_order"`);
        await queryRunner.query(`DROP INDEX "uq_refunds_order_key"`);
        await queryRunner.query(`DROP TABLE "refunds"`);
    }
}
