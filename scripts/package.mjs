// Assembles the JavaScript package in pkg/ from the wasm build in www/pkg (scripts/build-wasm.sh:
// `wasm-pack build --target web`, optimised with wasm-opt), the entry files in www/package/ and the
// licence. One module and one glue file serve every host; the package.json `exports` map picks the
// entry: Node instantiates from the file synchronously, browsers and workers fetch it.
//
// `solvescope` has every puzzle in one module (web/). `solvescope/<puzzle>`, one per puzzle of the
// registry, are the page's one-puzzle modules, the same API with one puzzle in the registry, for projects that need only one and would rather ship half the bytes.
//
// The version comes from Cargo.toml and must equal the page's package.json version, so the crate,
// the page and the package cannot drift apart (semver: see CHANGELOG.md).
//
// Usage: node scripts/package.mjs   (after scripts/build-wasm.sh; `npm run package` does both)
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const at = (p) => new URL(p, root);
const fail = (msg) => {
  console.error(`package: ${msg}`);
  process.exit(1);
};

/** A `key = "value"` of Cargo.toml's [package] table (the only table we read; no TOML parser needed). */
function cargoField(key) {
  const toml = readFileSync(at('Cargo.toml'), 'utf8');
  const table = toml.slice(toml.indexOf('[package]'), toml.indexOf('\n[', toml.indexOf('[package]') + 1));
  const m = table.match(new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, 'm'));
  if (!m) fail(`Cargo.toml has no package.${key}`);
  return m[1];
}

const version = cargoField('version');
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) fail(`Cargo.toml's version ${version} is not semver`);
const pageVersion = JSON.parse(readFileSync(at('package.json'), 'utf8')).version;
if (pageVersion !== version) fail(`Cargo.toml says ${version} but package.json says ${pageVersion}; bump both`);

const built = ['solvescope.js', 'solvescope.d.ts', 'solvescope_bg.wasm', 'solvescope_bg.wasm.d.ts'];
/** The one-puzzle modules, as scripts/build-wasm.sh names them: the registry's list, which `cargo
 *  test` writes to www/generated/puzzles.json. */
const PUZZLES = JSON.parse(readFileSync(at('www/generated/puzzles.json'), 'utf8'));
const builtFor = (p) => built.map((f) => f.replace('solvescope', `solvescope_${p}`));
for (const f of [...built, ...PUZZLES.flatMap((p) => builtFor(p).map((g) => `${p}/${g}`))]) {
  if (!existsSync(at(`www/pkg/${f}`))) fail(`www/pkg/${f} is missing: run bash scripts/build-wasm.sh first`);
}

/** The classes a glue file exports (src/api.rs's wasm-bindgen structs in this build). */
const classesOf = (glue) => [...readFileSync(glue, 'utf8').matchAll(/^export class (\w+)/gm)].map((m) => m[1]).sort();
/** The entries' line that exports the classes through their facade (www/package/handles.js). */
const CLASSES = /^export const \{ ([\w, ]+) \} = guard\(glue\);$/m;
/** An entry with the facade's list of classes set to `classes`: every class goes through it. */
function withClasses(file, entry, classes) {
  const m = entry.match(CLASSES);
  if (!m) fail(`www/package/${file} has no line \`export const { … } = guard(glue);\`; update scripts/package.mjs`);
  return entry.replace(CLASSES, `export const { ${classes.join(', ')} } = guard(glue);`);
}
// The all-puzzles module's classes are the ones the entries list by hand: a class added to
// src/api.rs must be added there too, or it would be exported without its facade.
const allClasses = classesOf(at('www/pkg/solvescope.js'));
for (const f of ['index.js', 'node.js']) {
  const listed = readFileSync(at(`www/package/${f}`), 'utf8').match(CLASSES)?.[1].split(', ').sort().join(', ');
  if (listed !== allClasses.join(', ')) fail(`www/package/${f} guards ${listed} but the module exports the classes ${allClasses.join(', ')}`);
}

rmSync(at('pkg'), { recursive: true, force: true });
mkdirSync(at('pkg/web'), { recursive: true });
for (const f of built) cpSync(at(`www/pkg/${f}`), at(`pkg/web/${f}`));
for (const f of ['index.js', 'node.js', 'index.d.ts', 'handles.js', 'README.md']) cpSync(at(`www/package/${f}`), at(`pkg/${f}`));
// Each one-puzzle module gets the same three entries, pointed at its own files beside them, and
// guarding the classes its own glue has (the counting classes are in the N-Queens module only).
for (const p of PUZZLES) {
  mkdirSync(at(`pkg/${p}`), { recursive: true });
  for (const f of builtFor(p)) cpSync(at(`www/pkg/${p}/${f}`), at(`pkg/${p}/${f}`));
  const classes = classesOf(at(`www/pkg/${p}/solvescope_${p}.js`));
  for (const f of ['index.js', 'node.js', 'index.d.ts']) {
    const entry = readFileSync(at(`www/package/${f}`), 'utf8');
    let pointed = entry.replaceAll('./web/solvescope', `./solvescope_${p}`).replaceAll("'./handles.js'", "'../handles.js'");
    if (pointed === entry) fail(`www/package/${f} no longer names ./web/solvescope; update scripts/package.mjs`);
    if (f !== 'index.d.ts') pointed = withClasses(f, pointed, classes);
    const note = f === 'index.d.ts' ? '' : `// solvescope/${p}: this entry for the module with ${p} only (scripts/package.mjs writes it).\n`;
    writeFileSync(at(`pkg/${p}/${f}`), note + pointed);
  }
}
cpSync(at('LICENSE'), at('pkg/LICENSE'));

const manifest = {
  name: 'solvescope',
  version,
  description: cargoField('description'),
  license: cargoField('license'),
  keywords: ['puzzle', 'solver', 'constraint', 'wasm', ...PUZZLES],
  type: 'module',
  exports: {
    '.': { types: './index.d.ts', node: './node.js', default: './index.js' },
    ...Object.fromEntries(PUZZLES.map((p) => [`./${p}`, { types: `./${p}/index.d.ts`, node: `./${p}/node.js`, default: `./${p}/index.js` }])),
    './package.json': './package.json',
  },
  main: './node.js',
  module: './index.js',
  types: './index.d.ts',
  files: ['index.js', 'node.js', 'index.d.ts', 'handles.js', 'web/', ...PUZZLES.map((p) => `${p}/`), 'README.md', 'LICENSE'],
  // The entries instantiate the module when imported: a bundler must not drop them.
  sideEffects: ['./index.js', './node.js', ...PUZZLES.flatMap((p) => [`./${p}/index.js`, `./${p}/node.js`])],
  engines: { node: '>=20' },
};
writeFileSync(at('pkg/package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.error(`package: pkg/ holds solvescope ${version}`);
