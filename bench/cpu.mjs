// CPU time of the processes a bench run loads: the web process(es), a separate worker, MariaDB.
// Read from /proc/<pid>/stat (utime + stime) before and after a run; Linux only (elsewhere: n/a).
import { readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { clockTicks } from './lib.mjs';


/** CPU time (user + system) process `pid` has used so far, in ms; NaN when it cannot be read. */
export function procCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name (which may hold spaces and parentheses): utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return NaN;
  }
}

/** A process and its children (a cluster primary's web processes), by /proc. */
export function pidTree(pid) {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return [pid, ...kids];
  } catch {
    return [pid];
  }
}

/** CPU ms of a process tree (NaN when none of it can be read). */
export function treeCpuMs(pid) {
  const xs = pidTree(pid).map(procCpuMs).filter(Number.isFinite);
  return xs.length ? xs.reduce((a, b) => a + b, 0) : NaN;
}

/**
 * The local MariaDB server's pid: `pidof mariadbd` (or mysqld), else a scan of /proc for a
 * process of that name; undefined when there is none here (a remote database: its CPU is n/a).
 */
export function dbPid() {
  for (const name of ['mariadbd', 'mysqld']) {
    const r = spawnSync('pidof', [name], { encoding: 'utf8' });
    const pid = Number(r.stdout?.trim().split(/\s+/)[0]);
    if (pid) return pid;
  }
  try {
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const comm = readFileSync(`/proc/${d}/comm`, 'utf8').trim();
        if (comm === 'mariadbd' || comm === 'mysqld') return Number(d);
      } catch {
        /* gone meanwhile */
      }
    }
  } catch {
    /* no /proc */
  }
  return undefined;
}

/**
 * A meter over named CPU sources (`{ web: () => ms, worker: () => ms, db: () => ms }`): `start()`
 * snapshots them, the returned `stop(count)` gives each one's CPU ms per unit of work (NaN when a
 * source is missing or unreadable).
 */
export function cpuMeter(sources) {
  const read = () => Object.fromEntries(Object.entries(sources).map(([k, f]) => [k, f ? f() : NaN]));
  return {
    start() {
      const before = read();
      return (count) => {
        const after = read();
        const n = Math.max(1, count);
        return Object.fromEntries(Object.keys(sources).map((k) => [k, (after[k] - before[k]) / n]));
      };
    },
  };
}

export const fmtMs = (v) => (Number.isFinite(v) ? `${v.toFixed(2)} ms` : 'n/a');

// ---------------------------------------------------------------- .cpuprofile summary

/** Where a script lives: a package of node_modules, a file of dist/, node's own, or the engine. */
function moduleOf(url) {
  if (!url) return '(engine)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const d = url.indexOf('/dist/');
  if (d >= 0) return url.slice(d + 1);
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '');
}

/**
 * Self and total (inclusive) time of a V8 .cpuprofile by function and by module, in ms and % of
 * the busy samples (idle, program and GC listed apart). Total counts a function once per sample
 * however deep its recursion.
 */
export function summarizeProfile(profile, { top = 30, fromMs = 0, toMs = Infinity } = {}) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = new Map();
  const deltas = profile.timeDeltas ?? [];
  const timeline = [];
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += (deltas[i] ?? 0) / 1000;
    const id = profile.samples[i];
    const second = Math.floor(at / 1000);
    const name = nodes.get(id).callFrame.functionName;
    if (name !== '(idle)') timeline[second] = (timeline[second] ?? 0) + (deltas[i + 1] ?? 0) / 1000;
    if (at < fromMs || at > toMs) continue;
    dt.set(id, (dt.get(id) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
  }
  const fnKey = (n) => `${n.callFrame.functionName || '(anonymous)'} ${moduleOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const selfFn = new Map();
  const totalFn = new Map();
  const selfMod = new Map();
  const totalMod = new Map();
  let busy = 0;
  const special = {};
  const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
  for (const [id, ms] of dt) {
    const n = nodes.get(id);
    const name = n.callFrame.functionName;
    if (['(idle)', '(program)', '(garbage collector)'].includes(name)) {
      special[name] = (special[name] ?? 0) + ms;
      if (name !== '(garbage collector)') continue;
    }
    busy += ms;
    add(selfFn, fnKey(n), ms);
    add(selfMod, moduleOf(n.callFrame.url), ms);
    const seenF = new Set();
    const seenM = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const c = nodes.get(cur);
      if (c.callFrame.functionName === '(root)') break;
      const f = fnKey(c);
      const m = moduleOf(c.callFrame.url);
      if (!seenF.has(f)) {
        seenF.add(f);
        add(totalFn, f, ms);
      }
      if (!seenM.has(m)) {
        seenM.add(m);
        add(totalMod, m, ms);
      }
    }
  }
  const rank = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { busy, special, timeline: [...timeline].map((v) => Math.round(v ?? 0)), selfFn: rank(selfFn), totalFn: rank(totalFn), selfMod: rank(selfMod), totalMod: rank(totalMod) };
}

function printSummary(file, s, perUnit) {
  const unit = perUnit ? ` (per order: ÷${perUnit})` : '';
  const fmt = ([k, ms]) => `${(((ms / s.busy) * 100).toFixed(1) + '%').padStart(6)} ${(perUnit ? ms / perUnit : ms).toFixed(perUnit ? 3 : 0).padStart(9)}  ${k}`;
  console.log(`busy ms per second of the profile: ${s.timeline.join(' ')}`);
  console.log(`${file}: busy ${s.busy.toFixed(0)} ms${unit}; ${Object.entries(s.special).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`);
  for (const [title, list] of [['self by module', s.selfMod], ['total by module', s.totalMod], ['self by function', s.selfFn], ['total by function', s.totalFn]]) {
    console.log(`\n-- ${title}`);
    for (const e of list) console.log(fmt(e));
  }
}

// `node bench/cpu.mjs profile FILE.cpuprofile [ORDERS] [TOP] [FROM_S] [TO_S]`: the summary (ms per
// order when ORDERS is given) of the samples between FROM_S and TO_S seconds after the profile's start.
if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href && process.argv[2] === 'profile') {
  const file = process.argv[3];
  const s = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')), { top: Number(process.argv[5] ?? 30), fromMs: Number(process.argv[6] ?? 0) * 1000, toMs: Number(process.argv[7] ?? Infinity) * 1000 });
  printSummary(file, s, Number(process.argv[4]) || 0);
}
