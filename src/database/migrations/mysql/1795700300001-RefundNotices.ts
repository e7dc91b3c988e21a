import { MigrationInterface, QueryRunner } from 'typeorm';

/** refunds.notified_at: the buyer's refund notice e-mail went out (issue 11, helper D). Hand-written like the generated ones. */
export class RefundNotices1795700300001Mysql implements MigrationInterface {
    name = 'RefundNotices1795700300001';

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`refunds\` ADD \`notified_at\` datetime(3) NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`refunds\` DROP COLUMN \`notified_at\``);
    }
}
