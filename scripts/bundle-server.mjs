// After `nest build`: bundles the compiled server (dist/main.js, dist/worker.js) and its pure-JS
// dependencies into dist/main.bundle.js and dist/worker.bundle.js, and puts the launcher
// (scripts/server-launcher.cjs) in place of dist/main.js and dist/worker.js. A start then reads one
// script, from V8's code cache after the first start, instead of resolving and compiling ~3,400
// modules (docs/decisions/0062-bundled-server.md). The rest of dist/ (migrations, the seed and backup
// commands) stays as tsc wrote it.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const requireFromRoot = createRequire(join(root, 'package.json'));
const launcher = readFileSync(join(root, 'scripts/server-launcher.cjs'), 'utf8');
const LAUNCHER_MARK = launcher.slice(0, launcher.indexOf('\n'));

// Left to Node at run time: native addons, and packages that read files beside their code (BullMQ's
// Lua scripts, Bull Board's and Swagger's UI assets, pino's worker threads), or load on demand (AWS SDK, qrcode).
const EXTERNAL = ['better-sqlite3', 'argon2', 'sharp', 'msgpackr-extract', 'bullmq', '@bull-board/api', '@bull-board/ui', '@bull-board/fastify', 'swagger-ui-dist', 'pino', 'thread-stream', '@aws-sdk/*', 'qrcode'];

/** Optional requires of packages that are not installed (TypeORM's other drivers, Nest's optional packages) stay requires that fail at run time, as they would unbundled. */
const missingAsExternal = {
  name: 'missing-as-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      try {
        requireFromRoot.resolve(args.path, { paths: [args.resolveDir] });
        return undefined;
      } catch {
        return { path: args.path, external: true };
      }
    });
  },
};

/** Our compiled files keep their own `__dirname` (e.g. dist/database, where the migrations' folder is), relative to the bundle's. */
const ownDirname = {
  name: 'own-dirname',
  setup(b) {
    b.onLoad({ filter: /\/dist\/.*\.js$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const rel = relative(dist, dirname(args.path));
      const source = await readFile(args.path, 'utf8');
      if (!rel || !source.includes('__dirname')) return undefined;
      return { contents: source.replaceAll('__dirname', `require('node:path').join(__dirname, ${JSON.stringify(rel)})`), loader: 'js' };
    });
  },
};

for (const entry of ['main', 'worker']) {
  const input = join(dist, `${entry}.js`);
  if (readFileSync(input, 'utf8').startsWith(LAUNCHER_MARK)) throw new Error(`${input} is already the launcher: run \`nest build\` first (npm run build:server does both)`);
  const result = await build({
    entryPoints: [input],
    bundle: true,
    write: false,
    outfile: join(dist, `${entry}.bundle.js`),
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Class names stay (Nest's providers and TypeORM's entities are known by them); whitespace and
    // syntax are minified (a smaller script to read and check against the cache), names are not.
    keepNames: true,
    minifyWhitespace: true,
    minifySyntax: true,
    external: EXTERNAL,
    plugins: [missingAsExternal, ownDirname],
    logLevel: 'warning',
  });
  const [bundle] = result.outputFiles;
  writeFileSync(bundle.path, bundle.contents);
  const id = createHash('sha256').update(bundle.contents).digest('hex').slice(0, 16);
  writeFileSync(input, launcher.replace('__BUILD__', id));
  console.log(`dist/${entry}.js → dist/${entry}.bundle.js (${(bundle.contents.length / 1e6).toFixed(1)} MB, build ${id})`);
}
