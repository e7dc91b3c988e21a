/**
 * `npm run seed`: resets the database named by DATABASE_URL (default: the embedded
 * SQLite file) to the demo shop — runs pending migrations, deletes all data, seeds.
 * MEDIA_DIR (default var/media) receives the generated images.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../data-source';
import { resetAndSeed } from './demo-seed';

async function main(): Promise<void> {
  const started = Date.now();
  const url = process.env.DATABASE_URL;
  const ds = new DataSource(buildDataSourceOptions(url));
  await ds.initialize();
  try {
    const ran = await ds.runMigrations({ transaction: 'each' });
    if (ran.length) console.log(`applied ${ran.length} migration(s): ${ran.map((m) => m.name).join(', ')}`);
    const s = await resetAndSeed(ds, { mediaDir: process.env.MEDIA_DIR || 'var/media' });
    const where = url ? url.replace(/:[^:@/]*@/, ':***@') : 'var/skinshop.sqlite';
    console.log(`demo data seeded into ${where} in ${Date.now() - started} ms:`);
    console.log(
      `  ${s.productTypes} product types, ${s.products} products, ${s.variants} variants, ${s.media} media; ` +
        `${s.banners} banners, ${s.endorsements} endorsements, ${s.testimonials} testimonials, ${s.certificates} certificates; ` +
        `${s.htmlPages} html pages, ${s.htmlImages} page images, ${s.posters} posters; ${s.images} images written`,
    );
    console.log(
      s.generatedAdminPassword
        ? `  admin account (owner): ${s.admin}, password: ${s.generatedAdminPassword} (shown once: change it after signing in, or set ADMIN_INITIAL_PASSWORD)`
        : `  admin account (owner): ${s.admin} (password from ADMIN_INITIAL_PASSWORD)`,
    );
  } finally {
    await ds.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
