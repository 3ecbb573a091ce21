#!/usr/bin/env node
// The import-graph check: fails on an import cycle between modules of src/ or on an upward import between layers.
// Layers are the folders under src/; a folder may import only its own layer's modules and lower layers'.
// A package with one gateway module (GATEWAYS) is loaded, other than for types, only by that module.
// Usage: node .ci/check-imports.mjs [SRC_DIR]   (exit 1 with one line per violation)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Lower numbers are lower layers; equal numbers may import each other (but never in a cycle). */
export const LAYERS = {
  shared: 0,
  config: 1,
  store: 2,
  domain: 3,
  identity: 3,
  content: 3,
  limits: 4,
  ingest: 4,
  registry: 5,
  tools: 6,
  analyst: 7,
  openapi: 8,
  mcp: 9,
  http: 9,
  settings: 10,
  app: 11,
  cli: 12,
};

/** Packages every module reaches through one module of src/ (the driver picks the build for this Node). */
export const GATEWAYS = { "better-sqlite3": "store/sqlite/driver" };

/** A value import (not `import type`), dynamic import or require of `pkg`. */
const valueImport = (pkg) =>
  new RegExp(
    `(?:^|[\\s;])import\\s+(?!type\\s)[^"';]*?\\sfrom\\s+["']${pkg}["']|import\\(\\s*["']${pkg}["']\\s*\\)|require\\(\\s*["']${pkg}["']\\s*\\)`,
  );

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function listSources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listSources(path));
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

function stripComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** The graph: module path (relative to src, without extension) → the relative modules it imports. */
export function importGraph(srcDir) {
  const graph = new Map();
  for (const file of listSources(srcDir)) {
    const from = relative(srcDir, file).replace(/\.ts$/, "");
    const targets = new Set();
    for (const m of stripComments(readFileSync(file, "utf8")).matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec?.startsWith(".")) continue;
      const target = relative(srcDir, resolve(dirname(file), spec)).replace(/\.(js|ts)$/, "");
      targets.add(target);
    }
    graph.set(from, [...targets]);
  }
  return graph;
}

function layerOf(module) {
  const top = module.includes("/") ? module.slice(0, module.indexOf("/")) : null;
  return top === null ? { name: module, rank: undefined } : { name: top, rank: LAYERS[top] };
}

/** Strongly connected components of more than one module (or a module importing itself): the cycles. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const idx = new Map();
  const low = new Map();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

export function violations(srcDir) {
  const graph = importGraph(srcDir);
  const problems = [];
  for (const file of listSources(srcDir)) {
    const from = relative(srcDir, file).replace(/\.ts$/, "");
    const source = stripComments(readFileSync(file, "utf8"));
    for (const [pkg, gateway] of Object.entries(GATEWAYS))
      if (from !== gateway && valueImport(pkg).test(source))
        problems.push(`${from}: loads ${pkg} itself; import it from src/${gateway}.ts`);
  }
  for (const [from, targets] of graph) {
    const a = layerOf(from);
    if (a.rank === undefined) {
      problems.push(
        `${from}: a module at the top of src/ belongs in a layer folder (${Object.keys(LAYERS).join(", ")}) — cli.ts excepted`,
      );
      continue;
    }
    for (const to of targets) {
      if (!graph.has(to)) {
        problems.push(`${from}: imports ${to}, which is not a module of src/`);
        continue;
      }
      const b = layerOf(to);
      if (b.rank === undefined) continue; // reported as a misplaced module above
      if (b.rank > a.rank)
        problems.push(`${from} → ${to}: upward import (${a.name} may not depend on ${b.name})`);
    }
  }
  for (const c of cycles(graph)) problems.push(`import cycle: ${c.join(" ↔ ")}`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const srcDir = resolve(process.argv[2] ?? join(dirname(new URL(import.meta.url).pathname), "..", "src"));
  const problems = violations(srcDir).filter((p) => !p.startsWith("cli: "));
  if (problems.length > 0) {
    for (const p of problems) console.error(p);
    console.error(`import-graph check: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log(`import-graph check: ${importGraph(srcDir).size} modules, no cycles, no upward imports`);
}
