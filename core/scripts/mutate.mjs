#!/usr/bin/env node
// Mutation testing of the C core: does the test suite notice a wrong formula?
//
//   node core/scripts/mutate.mjs [--file analyze.c[,model.c]] [--max N] [--seed S] [--jobs 2]
//                                [--timeout 10] [--list] [--keep] [--json out.json]
//                                [--vectors DIR] [--tree DIR] [--only-survivors prev.json]
//                                [--lines 300-310,537]
//
//   --tree DIR            take CMakeLists.txt, package.json, core/, presets/, web/src/ and tests/ (c, configs, measured, vectors, lint-corpus) from DIR instead of this
//                         repository (e.g. a frozen copy, so two runs see the same source)
//   --only-survivors F    run only the mutants that survived in the --json output F of an earlier
//                         run (matched by file, mutation and source line), e.g. after adding vectors
//   --lines A-B,C         only the mutants on those lines (of the one --file given), e.g. the lines a change touched
//
// The tree (CMakeLists.txt, core/, presets/, tests/c/) is copied once to a temp
// folder, and once more per job; each job's build folder is configured and
// built once. The checkout's own core/ is never written, so editing it while this runs is safe.
// Then, one mutant at a time, a job writes the mutated core/src/<file>.c into
// its copy, rebuilds incrementally (only that file recompiles, then the links)
// and runs, in this order, stopping at the first that goes red:
//     roofline-lint --selftest on the snapshot's tests/vectors,   rl_api_test,   the CLI
//     contract tests/c/cli_test.sh (flags, --request, --help, exit codes: the input path),
//     and the rest of ctest (the config corpus, cost and plan, the calibration corpus,
//     the number conversions)
// A mutant is killed when the build fails, when a suite goes red (a vector or
// an API check that passed on the unmutated tree now fails), or when a run
// exceeds --timeout seconds. Otherwise it survives.
//
// Mutations, outside comments, strings, character constants and preprocessor lines:
//   arithmetic   binary + <-> -, * <-> /, += <-> -=, *= <-> /=
//   comparison   < <-> <=, > <-> >=, == <-> !=
//   logic        && <-> ||, a unary ! removed
//   integers     each literal n -> n+1 and n-1 (not array sizes in declarations)
//   +/- 1        "x - 1" / "x + 1" (and 1.0) -> "x"
//   constants    floating literals: 0.5->1.0, 1.0->2.0, 2.0->3.0, 3.0->2.0, 4.0->2.0, 8.0->4.0,
//                1e3->1e6, 1eN->1e(N-3) for N>3, other x -> 2x
// The build is configured with -DRL_WERROR=OFF so a mutant that only draws a
// warning is judged by the tests, not by -Werror.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');

// ---- options -------------------------------------------------------------------

function parseArgs(argv) {
  const o = { files: null, max: 0, seed: 1, jobs: 2, timeout: 10, list: false, keep: false, json: null,
              vectors: null, tree: repo, only: null, lines: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) die(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--file') o.files = (o.files || []).concat(val().split(',').map((s) => basename(s.trim())));
    else if (a === '--max') o.max = int(val(), a);
    else if (a === '--seed') o.seed = int(val(), a);
    else if (a === '--jobs') o.jobs = Math.max(1, int(val(), a));
    else if (a === '--timeout') o.timeout = Math.max(1, int(val(), a));
    else if (a === '--vectors') o.vectors = resolve(val());
    else if (a === '--json') o.json = resolve(val());
    else if (a === '--tree') o.tree = resolve(val());
    else if (a === '--only-survivors') o.only = resolve(val());
    else if (a === '--lines') o.lines = lineRanges(val(), a);
    else if (a === '--list') o.list = true;
    else if (a === '--keep') o.keep = true;
    else if (a === '--help' || a === '-h') {
      console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 40)
        .map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
      process.exit(0);
    } else die(`unknown option ${a} (see --help)`);
  }
  return o;
}
/** "300-310,537" as [[300, 310], [537, 537]]. */
function lineRanges(s, flag) {
  return s.split(',').map((part) => {
    const m = part.trim().match(/^(\d+)(?:-(\d+))?$/);
    if (!m) die(`${flag} needs line ranges such as 300-310,537, got "${s}"`);
    return [Number(m[1]), Number(m[2] ?? m[1])];
  });
}
function int(s, flag) {
  if (!/^\d+$/.test(s)) die(`${flag} needs a whole number, got "${s}"`);
  return Number(s);
}
function die(msg) {
  console.error(`mutate: ${msg}`);
  process.exit(2);
}

// ---- a small C lexer -------------------------------------------------------------

const PUNCT = ['...', '<<=', '>>=', '->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '*=', '/=',
  '%=', '+=', '-=', '&=', '^=', '|=', '##'];
const KEYWORDS = new Set(['auto', 'break', 'case', 'char', 'const', 'continue', 'default', 'do', 'double', 'else',
  'enum', 'extern', 'float', 'for', 'goto', 'if', 'inline', 'int', 'long', 'register', 'restrict', 'return', 'short',
  'signed', 'sizeof', 'static', 'struct', 'switch', 'typedef', 'union', 'unsigned', 'void', 'volatile', 'while',
  '_Bool', '_Static_assert', 'bool', '_Alignof', '_Noreturn']);
const BUILTIN_TYPES = new Set(['char', 'short', 'int', 'long', 'float', 'double', 'void', 'signed', 'unsigned',
  'bool', '_Bool', 'const', 'volatile', 'restrict', 'size_t', 'ssize_t', 'int8_t', 'int16_t', 'int32_t',
  'int64_t', 'uint8_t', 'uint16_t', 'uint32_t', 'uint64_t', 'intptr_t', 'uintptr_t', 'ptrdiff_t', 'FILE',
  'va_list', 'jsmntok_t', 'jsmn_parser', 'jsmntype_t', 'jsmnerr']);

// Tokens with their byte offsets and line numbers; comments, strings, character
// constants and preprocessor directives become no tokens (strings become a STR
// marker so "f(x, "...")" keeps its shape).
function lex(src) {
  const toks = [];
  let i = 0, line = 1, bol = true;
  const n = src.length;
  while (i < n) {
    const c = src[i];
    if (c === '\n') { line++; i++; bol = true; continue; }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') { i++; continue; }
    if (bol && c === '#') { // preprocessor directive, with continuations and comments
      while (i < n && src[i] !== '\n') {
        if (src[i] === '\\' && src[i + 1] === '\n') { i += 2; line++; continue; }
        if (src[i] === '/' && src[i + 1] === '*') {
          const e = src.indexOf('*/', i + 2);
          const end = e < 0 ? n : e + 2;
          for (let k = i; k < end; k++) if (src[k] === '\n') line++;
          i = end;
          continue;
        }
        i++;
      }
      continue;
    }
    bol = false;
    if (c === '/' && src[i + 1] === '/') { while (i < n && src[i] !== '\n') i++; continue; }
    if (c === '/' && src[i + 1] === '*') {
      const e = src.indexOf('*/', i + 2);
      const end = e < 0 ? n : e + 2;
      for (let k = i; k < end; k++) if (src[k] === '\n') line++;
      i = end;
      continue;
    }
    if (c === '"' || c === "'") {
      const start = i, l0 = line;
      i++;
      while (i < n && src[i] !== c) {
        if (src[i] === '\\') i++;
        if (src[i] === '\n') line++;
        i++;
      }
      i++;
      toks.push({ t: c === '"' ? 'str' : 'chr', v: src.slice(start, i), s: start, e: i, line: l0 });
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      const start = i;
      while (i < n && /[A-Za-z0-9_]/.test(src[i])) i++;
      toks.push({ t: 'id', v: src.slice(start, i), s: start, e: i, line });
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1]))) { // pp-number
      const start = i;
      i++;
      while (i < n) {
        if (/[eEpP]/.test(src[i]) && /[+-]/.test(src[i + 1]) && !/^0[xX]/.test(src.slice(start, i + 1))) { i += 2; continue; }
        if (/[0-9A-Za-z_.]/.test(src[i])) { i++; continue; }
        break;
      }
      toks.push({ t: 'num', v: src.slice(start, i), s: start, e: i, line });
      continue;
    }
    const p = PUNCT.find((q) => src.startsWith(q, i));
    const v = p || c;
    toks.push({ t: 'op', v, s: i, e: i + v.length, line });
    i += v.length;
  }
  return toks;
}

// typedef names declared in a file: "typedef ... name;" and "} name;" after a typedef.
function typedefNames(src) {
  const names = new Set();
  const toks = lex(src);
  for (let i = 0; i < toks.length; i++) {
    if (toks[i].v !== 'typedef') continue;
    let depth = 0, j = i + 1, last = null;
    for (; j < toks.length; j++) {
      const v = toks[j].v;
      if (v === '{' || v === '(' || v === '[') depth++;
      else if (v === '}' || v === ')' || v === ']') depth--;
      else if (v === ';' && depth === 0) break;
      else if (toks[j].t === 'id' && depth === 0) last = v;
    }
    if (last) names.add(last);
  }
  return names;
}

function isInt(v) { return /^(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*$/.test(v); }
function isFloat(v) { return !isInt(v) && /^[0-9.]/.test(v) && !/^0[xX]/.test(v); }

function floatMutant(v) {
  const body = v.replace(/[fFlL]$/, '');
  const suffix = v.slice(body.length);
  const x = Number(body);
  if (!Number.isFinite(x)) return null;
  const table = { 0: '1.0', 0.5: '1.0', 1: '2.0', 2: '3.0', 3: '2.0', 4: '2.0', 8: '4.0' };
  if (/^1e\d+$/i.test(body)) {
    const e = Number(body.slice(2));
    return (e === 3 ? '1e6' : e > 3 ? `1e${e - 3}` : `1e${e + 3}`) + suffix;
  }
  if (table[x] !== undefined && /^[0-9]+\.[0-9]*$/.test(body)) return table[x] + suffix;
  const y = x === 0 ? 1 : 2 * x;
  let s = String(y);
  if (!/[.eE]/.test(s)) s += '.0';
  return s + suffix;
}

// All mutants of one file, each { file, line, s, e, rep, kind, desc, func }.
function mutantsOf(file, src, types) {
  const toks = lex(src);
  const out = [];
  const isType = (k) => k >= 0 && toks[k].t === 'id' && (BUILTIN_TYPES.has(toks[k].v) || types.has(toks[k].v));
  const operandEnd = (k) => k >= 0 && ((toks[k].t === 'id' && !KEYWORDS.has(toks[k].v)) || toks[k].t === 'num' ||
    toks[k].v === ')' || toks[k].v === ']');
  // Which function each token is in: brace depth, with a function body opened by "{" after ")".
  const func = new Array(toks.length).fill('(file scope)');
  let depth = 0, current = '(file scope)', lastCallName = null;
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k];
    if (depth === 0 && t.t === 'id' && toks[k + 1] && toks[k + 1].v === '(') lastCallName = t.v;
    if (t.v === '{') {
      if (depth === 0) current = toks[k - 1] && toks[k - 1].v === ')' ? lastCallName : '(file scope)';
      depth++;
    }
    func[k] = current;
    if (t.v === '}') {
      depth--;
      if (depth === 0) current = '(file scope)';
    }
  }
  // Where a mutant sits, robustly enough to find it again in an edited file: the text of its line,
  // which occurrence of that text in the file, and the column in it.
  const lines = src.split('\n');
  const lineStart = [0];
  for (const l of lines) lineStart.push(lineStart[lineStart.length - 1] + l.length + 1);
  const occ = lines.map((l, i) => lines.slice(0, i).filter((x) => x.trim() === l.trim()).length);
  const add = (k, s, e, rep, kind, desc) => {
    const line = toks[k].line;
    out.push({ file, line, s, e, rep, kind, desc, func: func[k], col: s - lineStart[line - 1], occ: occ[line - 1] });
  };

  for (let k = 0; k < toks.length; k++) {
    const t = toks[k], prev = toks[k - 1], next = toks[k + 1];
    if (t.t === 'op') {
      const binary = operandEnd(k - 1);
      switch (t.v) {
        case '+': case '-': {
          if (!binary) break;
          const other = t.v === '+' ? '-' : '+';
          add(k, t.s, t.e, other, 'arith', `${t.v} -> ${other}`);
          if (next && next.t === 'num' && /^1(\.0*)?$/.test(next.v)) {
            // "x - 1" -> "x": drop the operator and the literal, keep what follows
            add(k, t.s, next.e, '', 'plus-minus-one', `"${t.v} ${next.v}" removed`);
          }
          break;
        }
        case '*': {
          // Binary only: not a declaration (type before it), not a dereference or cast.
          if (!binary || isType(k - 1)) break;
          if (prev.t === 'id' && k >= 2 && ['struct', 'enum', 'union'].includes(toks[k - 2].v)) break;
          add(k, t.s, t.e, '/', 'arith', '* -> /');
          break;
        }
        case '/': add(k, t.s, t.e, '*', 'arith', '/ -> *'); break;
        case '+=': add(k, t.s, t.e, '-=', 'arith', '+= -> -='); break;
        case '-=': add(k, t.s, t.e, '+=', 'arith', '-= -> +='); break;
        case '*=': add(k, t.s, t.e, '/=', 'arith', '*= -> /='); break;
        case '/=': add(k, t.s, t.e, '*=', 'arith', '/= -> *='); break;
        case '<': add(k, t.s, t.e, '<=', 'compare', '< -> <='); break;
        case '<=': add(k, t.s, t.e, '<', 'compare', '<= -> <'); break;
        case '>': add(k, t.s, t.e, '>=', 'compare', '> -> >='); break;
        case '>=': add(k, t.s, t.e, '>', 'compare', '>= -> >'); break;
        case '==': add(k, t.s, t.e, '!=', 'compare', '== -> !='); break;
        case '!=': add(k, t.s, t.e, '==', 'compare', '!= -> =='); break;
        case '&&': add(k, t.s, t.e, '||', 'logic', '&& -> ||'); break;
        case '||': add(k, t.s, t.e, '&&', 'logic', '|| -> &&'); break;
        case '!': add(k, t.s, t.e, '', 'logic', '! removed'); break;
        default: break;
      }
      continue;
    }
    if (t.t !== 'num') continue;
    if (isInt(t.v)) {
      // Array sizes in declarations ("char buf[64]") only resize a buffer: skip them.
      if (prev && prev.v === '[' && toks[k - 2] && toks[k - 2].t === 'id' &&
          (isType(k - 3) || (toks[k - 3] && toks[k - 3].v === '*' && isType(k - 4)))) continue;
      const m = /^(0[xX][0-9a-fA-F]+|[0-9]+)([uUlL]*)$/.exec(t.v);
      const val = BigInt(m[1]);
      const fmt = (x) => (/^0[xX]/.test(m[1]) ? '0x' + x.toString(16) : x.toString()) + m[2];
      add(k, t.s, t.e, fmt(val + 1n), 'int', `${t.v} -> ${fmt(val + 1n)}`);
      if (val > 0n) add(k, t.s, t.e, fmt(val - 1n), 'int', `${t.v} -> ${fmt(val - 1n)}`);
    } else if (isFloat(t.v)) {
      const rep = floatMutant(t.v);
      if (rep && rep !== t.v) add(k, t.s, t.e, rep, 'const', `${t.v} -> ${rep}`);
    }
  }
  return out;
}

// ---- running things ----------------------------------------------------------------

function run(cmd, args, { cwd, timeout = 0 } = {}) {
  return new Promise((res) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '', err = '', timedOut = false;
    const cap = (s, d) => (s.length < 1 << 20 ? s + d : s);
    child.stdout.on('data', (d) => { out = cap(out, d); });
    child.stderr.on('data', (d) => { err = cap(err, d); });
    let timer = null;
    if (timeout > 0) {
      timer = setTimeout(() => {
        timedOut = true;
        try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
      }, timeout * 1000);
    }
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      res({ code, signal, out, err, timedOut });
    });
    child.on('error', (e) => {
      if (timer) clearTimeout(timer);
      res({ code: -1, signal: null, out, err: String(e), timedOut });
    });
  });
}

// Names of the red vectors ("  <name>: ..." lines) and red API checks ("FAIL file:line").
function redVectors(r) {
  const names = new Set();
  for (const l of r.err.split('\n')) {
    const m = /^ {2}([^\s:][^:]*): /.exec(l);
    if (m) names.add(m[1]);
  }
  return names;
}
function redCli(r) {
  return new Set(r.out.split('\n').filter((l) => l.startsWith('FAIL: ')));
}
function redApi(r) {
  return new Set(r.out.split('\n').filter((l) => l.startsWith('FAIL ')).map((l) => l.replace(/:\s.*$/, '')));
}

async function suites(dir, o) {
  const lint = join(dir, 'build', 'roofline-lint');
  const api = join(dir, 'build', 'rl_api_test');
  const v = await run(lint, ['--selftest', '--vectors', o.vectors], { timeout: o.timeout });
  const a = await run(api, [], { cwd: join(dir, 'build'), timeout: o.timeout });
  const c = await run('bash', [join(dir, 'tests', 'c', 'cli_test.sh'), lint], { timeout: o.timeout * 3 });
  return { v, a, c };
}

// One mutant: the suites in order, cheapest and most telling first; the first
// that kills it ends the run (a later suite could only kill it again).
async function judge(dir, o, base) {
  const lint = join(dir, 'build', 'roofline-lint');
  const api = join(dir, 'build', 'rl_api_test');
  const v = await run(lint, ['--selftest', '--vectors', o.vectors], { timeout: o.timeout });
  let verdict = verdictOf({ v, a: base.a, c: base.c }, base);
  if (verdict.killed) return verdict;
  const a = await run(api, [], { cwd: join(dir, 'build'), timeout: o.timeout });
  verdict = verdictOf({ v, a, c: base.c }, base);
  if (verdict.killed) return verdict;
  const c = await run('bash', [join(dir, 'tests', 'c', 'cli_test.sh'), lint], { timeout: o.timeout * 3 });
  verdict = verdictOf({ v, a, c }, base);
  if (verdict.killed) return verdict;
  // The rest of the native suite (ctest): the config corpus, the cost and plan contracts,
  // the calibration corpus, the number conversions.
  const rest = await run('ctest', ['--test-dir', join(dir, 'build'), '-E', REST_EXCLUDED], { timeout: o.timeout * 6 });
  if (rest.timedOut) return { killed: true, by: 'timeout' };
  if (rest.code !== 0 && base.rest.code === 0) {
    const failed = /\d+ - (\S+) \(Failed\)/.exec(rest.out);
    return { killed: true, by: `ctest: ${failed ? failed[1] : 'failed'}` };
  }
  return { killed: false, by: '' };
}
// Run above on their own, or (the faults, the shipped wasm) not about the right formulas.
const REST_EXCLUDED = '^(vectors|api|cli|prove_red|shipped_without_faults)$';

function verdictOf(res, base) {
  const { v, a, c } = res;
  if (v.timedOut || a.timedOut || c.timedOut) return { killed: true, by: 'timeout' };
  if (v.signal || a.signal) return { killed: true, by: `crash (${v.signal || a.signal})` };
  const newV = [...redVectors(v)].filter((n) => !base.redV.has(n));
  const newA = [...redApi(a)].filter((n) => !base.redA.has(n));
  if (newV.length) return { killed: true, by: `vectors: ${newV.slice(0, 4).join(', ')}${newV.length > 4 ? ', ...' : ''}` };
  if (newA.length) return { killed: true, by: `api: ${newA.slice(0, 2).join(', ')}` };
  const newC = [...redCli(c)].filter((n) => !base.redC.has(n));
  if (newC.length) return { killed: true, by: `cli: ${newC[0].slice(6, 80)}` };
  if (v.code !== 0 && base.v.code === 0) return { killed: true, by: `selftest exit ${v.code}` };
  if (a.code !== 0 && base.a.code === 0) return { killed: true, by: `api exit ${a.code}` };
  if (c.code !== 0 && base.c.code === 0) return { killed: true, by: `cli exit ${c.code}` };
  return { killed: false, by: '' };
}

function snapshot(src, dst) {
  mkdirSync(dst, { recursive: true });
  // package.json: its "type": "module" makes the page's .js files modules for Node.
  for (const f of ['CMakeLists.txt', 'package.json']) cpSync(join(src, f), join(dst, f));
  for (const d of ['core', 'presets', join('tests', 'c'), join('tests', 'configs'), join('tests', 'measured'), join('tests', 'vectors'),
    join('tests', 'lint-corpus'),
    // the CLI's --lang messages are generated from the page's message tables at build time, and
    // cli_lang_test words the sources as the page does (web/src/i18n/sources.js and what it imports)
    join('web', 'src')]) {
    if (!existsSync(join(src, d))) continue;
    cpSync(join(src, d), join(dst, d), { recursive: true, filter: (p) => !/\/(build[^/]*|node_modules)$/.test(p) });
  }
  // The page's modules import @preact/signals: the checkout's packages, linked, not copied.
  if (existsSync(join(repo, 'node_modules')) && !existsSync(join(dst, 'node_modules'))) {
    symlinkSync(join(repo, 'node_modules'), join(dst, 'node_modules'));
  }
}

async function configure(dir, o) {
  const gen = (await run('ninja', ['--version'])).code === 0 ? ['-G', 'Ninja'] : [];
  const c = await run('cmake', ['-S', dir, '-B', join(dir, 'build'), ...gen, '-DCMAKE_BUILD_TYPE=Release',
    '-DRL_WERROR=OFF'], { timeout: 300 });
  if (c.code !== 0) die(`cmake configure failed in ${dir}:\n${c.out}${c.err}`);
  const b = await build(dir, o);
  if (b.code !== 0) die(`the unmutated tree does not build in ${dir}:\n${b.out.slice(-3000)}${b.err.slice(-3000)}`);
}

function build(dir) {
  return run('cmake', ['--build', join(dir, 'build'), '-j', '1'],
    { timeout: 600 });
}

// ---- main ------------------------------------------------------------------------------

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const work = mkdtempSync(join(tmpdir(), 'rl-mutate-'));
  const base = join(work, 'base');
  if (!existsSync(join(o.tree, 'core', 'src'))) die(`no core/src in ${o.tree}`);
  snapshot(o.tree, base);
  // The vectors of the same snapshot by default: edits to the checkout while this runs change nothing.
  o.vectors ??= join(base, 'tests', 'vectors');
  if (!existsSync(o.vectors)) die(`no vector folder at ${o.vectors}`);

  // Mutants come from the snapshot, so they match what every job builds.
  const srcDir = join(base, 'core', 'src');
  const types = new Set();
  for (const h of [join(base, 'core', 'include', 'roofline.h'), join(srcDir, 'internal.h')]) {
    if (existsSync(h)) for (const t of typedefNames(readFileSync(h, 'utf8'))) types.add(t);
  }
  let files = readdirSync(srcDir).filter((f) => f.endsWith('.c')).sort();
  if (o.files) {
    const missing = o.files.filter((f) => !files.includes(f));
    if (missing.length) die(`no core/src/${missing.join(', ')}`);
    files = files.filter((f) => o.files.includes(f));
  }
  const sources = {};
  let mutants = [];
  for (const f of files) {
    sources[f] = readFileSync(join(srcDir, f), 'utf8');
    const local = new Set([...types, ...typedefNames(sources[f])]);
    mutants = mutants.concat(mutantsOf(f, sources[f], local));
  }
  if (o.only) {
    // Same file, mutation, line text, occurrence of that text and column: the same mutant, even if
    // lines were added or removed elsewhere in the file since.
    const prev = JSON.parse(readFileSync(o.only, 'utf8'));
    const key = (m, src) => [m.file, m.desc, src, m.occ, m.col].join('\u0000');
    const want = new Set(prev.results.filter((x) => !x.killed).map((r) => key(r, r.source)));
    mutants = mutants.filter((m) => want.has(key(m, sources[m.file].split('\n')[m.line - 1].trim())));
  }
  if (o.lines) {
    if (!o.files || o.files.length !== 1) die('--lines needs exactly one --file');
    mutants = mutants.filter((m) => o.lines.some(([a, b]) => m.line >= a && m.line <= b));
  }
  const total = mutants.length;
  if (o.max > 0 && o.max < mutants.length) {
    let x = o.seed >>> 0 || 1; // xorshift32, so a sample is reproducible with --seed
    const rnd = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
    for (let i = mutants.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [mutants[i], mutants[j]] = [mutants[j], mutants[i]];
    }
    mutants = mutants.slice(0, o.max);
  }
  mutants.sort((a, b) => (a.file === b.file ? a.s - b.s : a.file < b.file ? -1 : 1));
  const lineOf = (m) => sources[m.file].split('\n')[m.line - 1].trim();

  if (o.list) {
    for (const m of mutants) console.log(`${m.file}:${m.line} [${m.func}] ${m.desc}    ${lineOf(m)}`);
    console.log(`${mutants.length} mutants${mutants.length < total ? ` (sampled from ${total})` : ''}`);
    if (!o.keep) rmSync(work, { recursive: true, force: true });
    return;
  }

  const jobs = Math.min(o.jobs, Math.max(1, mutants.length), Math.max(1, cpus().length));
  console.error(`mutate: ${mutants.length} mutants${mutants.length < total ? ` (sampled from ${total}, seed ${o.seed})` : ''} ` +
    `in ${files.length} file(s), ${jobs} job(s); work folder ${work}`);
  const dirs = [];
  for (let j = 0; j < jobs; j++) {
    const d = join(work, `job${j}`);
    cpSync(base, d, { recursive: true });
    dirs.push(d);
  }
  const t0 = Date.now();
  await Promise.all(dirs.map((d) => configure(d, o)));
  const b = await suites(dirs[0], o);
  const baseRest = await run('ctest', ['--test-dir', join(dirs[0], 'build'), '-E', REST_EXCLUDED], { timeout: o.timeout * 6 });
  const baseline = { v: b.v, a: b.a, c: b.c, rest: baseRest, redV: redVectors(b.v), redA: redApi(b.a), redC: redCli(b.c) };
  if (baseRest.code !== 0) console.error(`mutate: the unmutated tree's other ctest suites fail:\n${baseRest.out.slice(-1500)}`);
  if (b.v.timedOut || b.a.timedOut) die('the unmutated suites time out; raise --timeout');
  if (baseline.redV.size || baseline.redA.size || baseline.redC.size || b.v.code !== 0 || b.a.code !== 0 || b.c.code !== 0) {
    console.error(`mutate: the unmutated tree is already red (vectors: ${[...baseline.redV].join(', ') || `exit ${b.v.code}`}; ` +
      `api: ${[...baseline.redA].join(', ') || `exit ${b.a.code}`}). Only new failures kill a mutant.`);
  }
  console.error(`mutate: builds ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  const results = new Array(mutants.length);
  let next = 0, done = 0;
  const t1 = Date.now();
  async function worker(dir) {
    let dirty = null; // the file this job's copy holds mutated
    for (;;) {
      const i = next++;
      if (i >= mutants.length) break;
      const m = mutants[i];
      const path = join(dir, 'core', 'src', m.file);
      if (dirty && dirty !== m.file) writeFileSync(join(dir, 'core', 'src', dirty), sources[dirty]);
      const src = sources[m.file];
      writeFileSync(path, src.slice(0, m.s) + m.rep + src.slice(m.e));
      dirty = m.file;
      const bres = await build(dir);
      let verdict;
      if (bres.code !== 0) verdict = { killed: true, by: bres.timedOut ? 'build timeout' : 'build' };
      else verdict = await judge(dir, o, baseline);
      results[i] = { ...m, ...verdict, source: lineOf(m) };
      done++;
      if (done % 25 === 0 || done === mutants.length) {
        const el = (Date.now() - t1) / 1000;
        const eta = (el / done) * (mutants.length - done);
        console.error(`mutate: ${done}/${mutants.length}  ${el.toFixed(0)} s elapsed, ~${eta.toFixed(0)} s left`);
      }
    }
    if (dirty) writeFileSync(join(dir, 'core', 'src', dirty), sources[dirty]);
  }
  await Promise.all(dirs.map((d) => worker(d)));

  // ---- report -------------------------------------------------------------------------
  const pct = (k, n) => (n ? ((100 * k) / n).toFixed(1) + '%' : '-');
  const byFile = new Map();
  for (const r of results) {
    const s = byFile.get(r.file) || { n: 0, k: 0, build: 0 };
    s.n++;
    if (r.killed) s.k++;
    if (r.killed && r.by.startsWith('build')) s.build++;
    byFile.set(r.file, s);
  }
  console.log('\nfile            mutants  killed  (by build)  kill rate');
  let N = 0, K = 0, KB = 0;
  for (const [f, s] of [...byFile].sort()) {
    console.log(`${f.padEnd(15)} ${String(s.n).padStart(7)} ${String(s.k).padStart(7)} ${String(s.build).padStart(11)}  ${pct(s.k, s.n).padStart(9)}`);
    N += s.n; K += s.k; KB += s.build;
  }
  console.log(`${'total'.padEnd(15)} ${String(N).padStart(7)} ${String(K).padStart(7)} ${String(KB).padStart(11)}  ${pct(K, N).padStart(9)}` +
    (mutants.length < total ? `   (a sample of ${mutants.length} of ${total} mutants, seed ${o.seed})` : ''));
  const survivors = results.filter((r) => !r.killed);
  console.log(`\nsurvivors (${survivors.length}):`);
  for (const r of survivors) console.log(`  ${r.file}:${r.line} [${r.func}] ${r.desc}    ${r.source}`);
  console.log(`\n${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
  if (o.json) {
    writeFileSync(o.json, JSON.stringify({ total, sampled: mutants.length, seed: o.seed, killed: K, results }, null, 1));
    console.error(`mutate: results in ${o.json}`);
  }
  if (o.keep) console.error(`mutate: work folder kept: ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
