import { MigrationInterface, QueryRunner } from 'typeorm';

/** Shipping tickets as jobs (issue 11): the shipment's MerTradeNo, one live ticket per order, label, status; orders.delivered_at. */
export class Shipping1795700200000Mysql implements MigrationInterface {
    name = 'Shipping1795700200000';

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`shipping_tickets\` ADD \`mer_trade_no\` varchar(25) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE \`shipping_tickets\` ADD \`live_order_id\` int NULL`);
        await queryRunner.query(`ALTER TABLE \`shipping_tickets\` ADD \`carrier\` varchar(20) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE \`shipping_tickets\` ADD \`message\` varchar(255) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE \`shipping_tickets\` ADD \`label_html\` mediumtext NULL`);
        await queryRunner.query(`ALTER TABLE \`shipping_tickets\` ADD \`ship_status\` varchar(20) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE \`shipping_tickets\` ADD \`ship_status_desc\` varchar(255) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE \`shipping_tickets\` ADD \`ship_status_time\` datetime(3) NULL`);
        await queryRunner.query(`ALTER TABLE \`shipping_tickets\` ADD \`at_store_sms_at\` datetime(3) NULL`);
        await queryRunner.query(`ALTER TABLE \`shipping_tickets\` ADD \`created_by_name\` varchar(50) NOT NULL DEFAULT ''`);
        await queryRunner.query(`CREATE UNIQUE INDEX \`uq_shipping_tickets_live_order\` ON \`shipping_tickets\` (\`live_order_id\`)`);
        await queryRunner.query(`CREATE INDEX \`idx_shipping_tickets_open\` ON \`shipping_tickets\` (\`status\`, \`created_at\`)`);
        await queryRunner.query(`ALTER TABLE \`orders\` ADD \`delivered_at\` datetime(3) NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE \`orders\` DROP COLUMN \`delivered_at\``);
        await queryRunner.query(`DROP INDEX \`idx_shipping_tickets_open\` ON \`shipping_tickets\``);
        await queryRunner.query(`DROP INDEX \`uq_shipping_tickets_live_order\` ON \`shipping_tickets\``);
        for (const c of ['created_by_name', 'at_store_sms_at', 'ship_status_time', 'ship_status_desc', 'ship_status', 'label_html', 'message', 'carrier', 'live_order_id', 'mer_trade_no']) {
            await queryRunner.query(`ALTER TABLE \`shipping_tickets\` DROP COLUMN \`${c}\``);
        }
    }
}
