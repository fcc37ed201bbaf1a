/**
 * `node scripts/reachability.mjs`: the src/engine exports no production code reaches (issue 44:
 * "an engine function that only tests call is a rule the table does not play"). Production is
 * what the system's entry (src/index.ts), the simulator's worker and the scripts import, followed
 * import by import through re-exports; an export used only inside its own file is not reached.
 * Only functions count (a rule is a function; data and types are read by the functions), and an
 * export its own file uses is not reported (knip's `ignoreExportsUsedInFile`).
 *
 * Cheap on purpose (no type checker): each file is parsed once by the TypeScript parser, imports
 * are resolved by path (src imports are all relative), named imports, `export … from` and
 * `import * as` are followed. It fails (exit 1) on any unreached export not in ALLOW below, and on
 * an ALLOW entry that is reached or gone (the list only shrinks).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * Engine exports no production code imports, each with why it stays. Keep it short: wire the rule
 * to the table (with a table test named by its rule) or delete it.
 */
const FOLLOW_UP =
  'not triaged in issue 44 (the Greyhawk session): its tests call it, the table does not; wire or delete it in a follow-up';

const ALLOW = {
  'src/engine/greyhawk/weapon-catalogue.ts#catalogueWeapon':
    'a test and bench fixture: builds an engine weapon from the catalogue (production builds items with catalogueSource)',
  'src/engine/souffle/equipment.ts#weapon':
    'a test and simulator-test fixture: builds a Souffle weapon from the equipment table',
  'src/engine/fantasia/exchange/pipeline.ts#resolveExchange':
    "the whole exchange in one call: the property tests and the bench check the card's step-by-step path against it",
  'src/engine/dice/formula.ts#withBonus': FOLLOW_UP,
  'src/engine/fantasia/bottes.ts#thrustMayBeNamed': FOLLOW_UP,
  'src/engine/fantasia/damage.ts#undoDiff': FOLLOW_UP,
  'src/engine/fantasia/exchange/pipeline.ts#applyParryBind': FOLLOW_UP,
  'src/engine/fantasia/fumbles.ts#tickRepair': FOLLOW_UP,
  'src/engine/fantasia/movement.ts#roundsToCatch': FOLLOW_UP,
  'src/engine/fantasia/movement.ts#simulateChase': FOLLOW_UP,
  'src/engine/fantasia/reload.ts#finishCrossbowReload': FOLLOW_UP,
  'src/engine/fantasia/reload.ts#startCrossbowReload': FOLLOW_UP,
  'src/engine/fantasia/reload.ts#tickArquebusReload': FOLLOW_UP,
  'src/engine/fantasia/round.ts#slotVisible': FOLLOW_UP,
  'src/engine/round/declare.ts#retractDeclaration': FOLLOW_UP,
  'src/engine/round/engine.ts#restoreCombatant': FOLLOW_UP,
  'src/engine/round/engine.ts#skipSlot': FOLLOW_UP,
  'src/engine/souffle/attack.ts#provokesOpportunity': FOLLOW_UP,
  'src/engine/souffle/ladder.ts#namedLevel': FOLLOW_UP,
  'src/engine/souffle/posture.ts#newRoundTurn': FOLLOW_UP,
};

const ENTRIES = [
  'src/index.ts',
  'src/foundry/simulator/worker.ts',
  ...readdirSync(join(ROOT, 'scripts'))
    .filter((f) => /\.(ts|mts|mjs)$/.test(f) && !f.endsWith('.d.mts'))
    .map((f) => `scripts/${f}`),
];

/** A module path as written in an import, resolved to a file of the repository (or null). */
function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    `${base}.ts`,
    `${base}.mts`,
    `${base}.mjs`,
    join(base, 'index.ts'),
  ];
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

const parsed = new Map();

/** What one file imports, re-exports and exports (parsed once). */
function moduleOf(file) {
  const known = parsed.get(file);
  if (known) return known;
  const text = /\.(ts|mts|mjs|js)$/.test(file) ? readFileSync(file, 'utf8') : '';
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const m = {
    /** [file, name] pairs this file imports by name ('*' for a whole module). */
    imports: [],
    /** Re-exports: name exported here → [file, name there] ('*' for `export *`). */
    reexports: [],
    /** Function exports declared here (a function or a const holding an arrow/function). */
    values: [],
    /** How many times each identifier appears in the file (its declaration included). */
    counts: new Map(),
    /** Every module this file loads (static, dynamic, new URL('./x', import.meta.url)). */
    loads: [],
  };
  const exported = (node) => node.modifiers?.some((x) => x.kind === ts.SyntaxKind.ExportKeyword);
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolveImport(file, node.moduleSpecifier.text);
      if (target) {
        m.loads.push(target);
        const clause = node.importClause;
        if (clause && !clause.isTypeOnly) {
          if (clause.name) m.imports.push([target, 'default']);
          const bindings = clause.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings)) m.imports.push([target, '*']);
          if (bindings && ts.isNamedImports(bindings))
            for (const el of bindings.elements)
              if (!el.isTypeOnly) m.imports.push([target, (el.propertyName ?? el.name).text]);
        }
      }
    } else if (ts.isExportDeclaration(node)) {
      const target =
        node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
          ? resolveImport(file, node.moduleSpecifier.text)
          : null;
      if (target) m.loads.push(target);
      if (!node.isTypeOnly) {
        if (!node.exportClause && target) m.reexports.push(['*', target, '*']);
        else if (node.exportClause && ts.isNamedExports(node.exportClause))
          for (const el of node.exportClause.elements) {
            if (el.isTypeOnly) continue;
            const local = (el.propertyName ?? el.name).text;
            if (target) m.reexports.push([el.name.text, target, local]);
            else m.reexports.push([el.name.text, file, local]);
          }
      }
    } else if (exported(node)) {
      if (ts.isFunctionDeclaration(node) && node.name) m.values.push(node.name.text);
      else if (ts.isVariableStatement(node))
        for (const d of node.declarationList.declarations)
          if (
            ts.isIdentifier(d.name) &&
            d.initializer &&
            (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))
          )
            m.values.push(d.name.text);
    }
    if (ts.isIdentifier(node)) m.counts.set(node.text, (m.counts.get(node.text) ?? 0) + 1);
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const target = resolveImport(file, node.arguments[0].text);
      if (target) {
        m.loads.push(target);
        m.imports.push([target, '*']);
      }
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'URL' &&
      node.arguments?.[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const target = resolveImport(file, node.arguments[0].text);
      if (target) m.loads.push(target);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  parsed.set(file, m);
  return m;
}

// Every file production loads.
const reachable = new Set();
const queue = ENTRIES.map((e) => join(ROOT, e)).filter((f) => existsSync(f));
while (queue.length) {
  const file = queue.pop();
  if (reachable.has(file)) continue;
  reachable.add(file);
  queue.push(...moduleOf(file).loads);
}

// Every (file, name) used from another file, following re-exports to where the value lives.
const used = new Set();
const seen = new Set();
function use(file, name) {
  const key = `${file}#${name}`;
  if (seen.has(key)) return;
  seen.add(key);
  const m = moduleOf(file);
  if (name === '*') {
    for (const v of m.values) used.add(`${file}#${v}`);
    for (const [as, target, local] of m.reexports) use(target, as === '*' ? '*' : local);
    return;
  }
  if (m.values.includes(name)) used.add(key);
  for (const [as, target, local] of m.reexports) {
    if (as === name) use(target, local);
    else if (as === '*') use(target, name);
  }
}
for (const file of reachable) for (const [target, name] of moduleOf(file).imports) use(target, name);

/** An export its own file uses too is not reported (knip's ignoreExportsUsedInFile). */
const ownUse = (m, name) => (m.counts.get(name) ?? 0) > 1;

const unreached = [];
for (const file of reachable) {
  const rel = relative(ROOT, file).split('\\').join('/');
  if (!rel.startsWith('src/engine/')) continue;
  const m = moduleOf(file);
  for (const name of m.values)
    if (!used.has(`${file}#${name}`) && !ownUse(m, name)) unreached.push(`${rel}#${name}`);
}
// Engine files production never loads at all: every value of theirs is unreached.
function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path);
    else if (path.endsWith('.ts') && !reachable.has(path)) {
      const m = moduleOf(path);
      for (const name of m.values)
        if (!ownUse(m, name)) unreached.push(`${relative(ROOT, path).split('\\').join('/')}#${name}`);
    }
  }
}
walk(join(ROOT, 'src/engine'));

const failures = unreached.filter((u) => !(u in ALLOW)).sort();
const stale = Object.keys(ALLOW).filter((a) => !unreached.includes(a));
if (failures.length)
  process.stdout.write(
    `Engine exports no production code reaches (wire each to the table or delete it; issue 44):\n${failures
      .map((f) => `  ${f}`)
      .join('\n')}\n`,
  );
if (stale.length)
  process.stdout.write(`Allow-list entries now reached or gone (remove them):\n  ${stale.join('\n  ')}\n`);
if (!failures.length && !stale.length)
  process.stdout.write(`Every src/engine export is reached by production code (${reachable.size} files).\n`);
process.exitCode = failures.length || stale.length ? 1 : 0;
