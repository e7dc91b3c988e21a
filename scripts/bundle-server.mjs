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
    // Only whitespace is minified (a smaller script to read), not names or syntax. No keepNames:
    // it wraps every function esbuild creates in a `__name()` call (a defineProperty on each closure a
    // request makes: 8 % of a cached read's CPU); our classes keep their names anyway (checked below).
    minifyWhitespace: true,
    external: EXTERNAL,
    plugins: [missingAsExternal, ownDirname],
    logLevel: 'warning',
    metafile: true,
  });
  const [bundle] = result.outputFiles;
  // ASCII only, so the launcher reads it as latin1 (several times faster than UTF-8 for 10 MB):
  // esbuild escapes strings but leaves other characters as they are in regular expressions and
  // comments, where a \uXXXX escape (each UTF-16 unit) means the same.
  if (/\\[\u0080-\uffff]/.test(bundle.text)) throw new Error(`${entry}: a backslash before a non-ASCII character: escaping it would change its meaning`);
  const ascii = Buffer.from(bundle.text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`), 'latin1');
  writeFileSync(bundle.path, ascii);
  checkClassNames(bundle.text, Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/')).map((f) => join(root, f)));
  const id = createHash('sha256').update(ascii).digest('hex').slice(0, 16);
  writeFileSync(input, launcher.replace('__BUILD__', id));
  console.log(`dist/${entry}.js → dist/${entry}.bundle.js (${(ascii.length / 1e6).toFixed(1)} MB, build ${id})`);
}

/**
 * Nest knows providers and TypeORM entities by their class names: each class our code declares
 * must appear in the bundle under its own name as often as in dist/ (esbuild renames a symbol only
 * where it would shadow another; a renamed class fails the build here, not a request later).
 */
function checkClassNames(bundleText, ownFiles) {
  // The name a class gets, once per class: `class X {`; `X = class {` (esbuild writes declarations as
  // that: the name comes from the assignment); `X = class Y {` is named Y (esbuild names a class that
  // refers to itself `_X` there: Nest's own classes log as `_NestApplication`, ours must not).
  const declared = /(?:\b([A-Za-z_$][\w$]*)\s*=\s*class\b(?:\s+(?!extends\b)([A-Za-z_$][\w$]*))?|\bclass\s+([A-Za-z_$][\w$]*))(?=\s*(?:\{|extends\b))/g;
  const count = (text, into) => {
    for (const m of text.matchAll(declared)) {
      const name = m[2] ?? m[1] ?? m[3];
      into.set(name, (into.get(name) ?? 0) + 1);
    }
    return into;
  };
  const own = new Map();
  for (const file of ownFiles) count(readFileSync(file, 'utf8'), own);
  const bundled = count(bundleText, new Map());
  // Fewer than we declared, or a `Name2` beside them (a package's class of the same name may hide a rename in the count).
  const renamed = [...own]
    .filter(([name, n]) => (bundled.get(name) ?? 0) < n || [...bundled.keys()].some((b) => b.startsWith(name) && /^\d+$/.test(b.slice(name.length))))
    .map(([name]) => name);
  if (renamed.length) throw new Error(`the bundle renamed classes of ours: ${renamed.join(', ')}`);
}

