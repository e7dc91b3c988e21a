// skinshop server launcher
'use strict';
// dist/main.js and dist/worker.js, written by scripts/bundle-server.mjs: runs the bundle beside this
// file (main.bundle.js or worker.bundle.js) with V8's code cache. A start with a cache for this build,
// this Node.js and these flags skips compiling what a start runs; without one (first start, a new
// Node.js or new flags: V8 rejects the cache), the process writes one once it is ready.
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { basename, join } = require('node:path');
const vm = require('node:vm');

// Replaced by the bundle's content hash: V8 checks a cache against the source's length only, so a
// cache is named after the exact build it was made from.
const BUILD = '__BUILD__';
const name = basename(__filename, '.js');
const file = join(__dirname, `${name}.bundle.js`);
const cacheFile = join(__dirname, '.v8-cache', `${name}-${BUILD}.bin`);

let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
// The bundle is ASCII (the build escapes every other character): read as latin1, the same text
// several times faster than as UTF-8, and a one-byte string for V8.
const wrapper = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'latin1')}\n})`;
const script = new vm.Script(wrapper, { filename: file, cachedData, importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });

if (cachedData === undefined || script.cachedDataRejected) {
  // The application emits this (src/launcher-ready.ts) once it answers (web) or processes (worker):
  // writing the cache then keeps every function the start compiled. A read-only dist/ only loses the
  // speed-up.
  process.once('skinshop-ready', () =>
    setImmediate(() => {
      try {
        mkdirSync(join(__dirname, '.v8-cache'), { recursive: true });
        const tmp = `${cacheFile}.${process.pid}`;
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, cacheFile);
      } catch {
        // no cache this time
      }
    }),
  );
}

const bundleModule = { exports: {}, filename: file, id: file, loaded: false };
script.runInThisContext().call(bundleModule.exports, bundleModule.exports, createRequire(file), bundleModule, file, __dirname);
