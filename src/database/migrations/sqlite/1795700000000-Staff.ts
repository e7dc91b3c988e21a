import { MigrationInterface, QueryRunner } from 'typeorm';

/** Staff accounts with roles and TOTP, the admin login lockout's failures, the audit trail (issue 11, helper A). */
export class Staff1795700000000Sqlite implements MigrationInterface {
    name = 'Staff1795700000000';

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "admins" ADD COLUMN "role" varchar(10) NOT NULL DEFAULT ('staff')`);
        await queryRunner.query(`ALTER TABLE "admins" ADD COLUMN "totp_secret" varchar(255) NOT NULL DEFAULT ('')`);
        await queryRunner.query(`ALTER TABLE "admins" ADD COLUMN "totp_enabled" tinyint NOT NULL DEFAULT (0)`);
        await queryRunner.query(`ALTER TABLE "admins" ADD COLUMN "totp_last_step" integer NOT NULL DEFAULT (0)`);
        await queryRunner.query(`ALTER TABLE "admins" ADD COLUMN "session_version" integer NOT NULL DEFAULT (1)`);
        // Every admin before roles could do everything.
        await queryRunner.query(`UPDATE "admins" SET "role" = 'owner'`);
        await queryRunner.query(`CREATE TABLE "admin_login_failures" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "username" varchar(50) NOT NULL, "ip" varchar(45) NOT NULL, "at" datetime(3) NOT NULL)`);
        await queryRunner.query(`CREATE INDEX "idx_admin_login_failures_user" ON "admin_login_failures" ("username", "at") `);
        await queryRunner.query(`CREATE INDEX "idx_admin_login_failures_user_ip" ON "admin_login_failures" ("username", "ip", "at") `);
        await queryRunner.query(`CREATE TABLE "audit_logs" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "admin_id" integer, "admin_username" varchar(50) NOT NULL DEFAULT (''), "action" varchar(60) NOT NULL, "entity" varchar(40) NOT NULL, "entity_id" varchar(64) NOT NULL DEFAULT (''), "changes" json, "summary" varchar(255) NOT NULL DEFAULT (''), "ip" varchar(45) NOT NULL DEFAULT (''), "created_at" datetime(3) NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')))`);
        await queryRunner.query(`CREATE INDEX "idx_audit_logs_created" ON "audit_logs" ("created_at") `);
        await queryRunner.query(`CREATE INDEX "idx_audit_logs_admin" ON "audit_logs" ("admin_id", "id") `);
        await queryRunner.query(`CREATE INDEX "idx_audit_logs_entity" ON "audit_logs" ("entity", "entity_id", "id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_audit_logs_entity"`);
        await queryRunner.query(`DROP INDEX "idx_audit_logs_admin"`);
        await queryRunner.query(`DROP INDEX "idx_audit_logs_created"`);
        await queryRunner.query(`DROP TABLE "audit_logs"`);
        await queryRunner.query(`DROP INDEX "idx_admin_login_failures_user_ip"`);
        await queryRunner.query(`DROP INDEX "idx_admin_login_failures_user"`);
        await queryRunner.query(`DROP TABLE "admin_login_failures"`);
        await queryRunner.query(`ALTER TABLE "admins" DROP COLUMN "session_version"`);
        await queryRunner.query(`ALTER TABLE "admins" DROP COLUMN "totp_last_step"`);
        await queryRunner.query(`ALTER TABLE "admins" DROP COLUMN "totp_enabled"`);
        await queryRunner.query(`ALTER TABLE "admins" DROP COLUMN "totp_secret"`);
        await queryRunner.query(`ALTER TABLE "admins" DROP COLUMN "role"`);
    }
}
