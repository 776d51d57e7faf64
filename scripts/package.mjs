// Assembles the JavaScript package in pkg/ from the wasm build in www/pkg (scripts/build-wasm.sh:
// `wasm-pack build --target web`, optimised with wasm-opt), the entry files in www/package/ and the
// licence. One module and one glue file serve every host; the package.json `exports` map picks the
// entry: Node instantiates from the file synchronously, browsers and workers fetch it.
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
for (const f of built) {
  if (!existsSync(at(`www/pkg/${f}`))) fail(`www/pkg/${f} is missing: run bash scripts/build-wasm.sh first`);
}

rmSync(at('pkg'), { recursive: true, force: true });
mkdirSync(at('pkg/web'), { recursive: true });
for (const f of built) cpSync(at(`www/pkg/${f}`), at(`pkg/web/${f}`));
for (const f of ['index.js', 'node.js', 'index.d.ts', 'README.md']) cpSync(at(`www/package/${f}`), at(`pkg/${f}`));
cpSync(at('LICENSE'), at('pkg/LICENSE'));

const manifest = {
  name: 'solvescope',
  version,
  description: cargoField('description'),
  license: cargoField('license'),
  keywords: ['puzzle', 'solver', 'skyscrapers', 'hashiwokakero', 'n-queens', 'constraint', 'wasm'],
  type: 'module',
  exports: {
    '.': { types: './index.d.ts', node: './node.js', default: './index.js' },
    './package.json': './package.json',
  },
  main: './node.js',
  module: './index.js',
  types: './index.d.ts',
  files: ['index.js', 'node.js', 'index.d.ts', 'web/', 'README.md', 'LICENSE'],
  // The entries instantiate the module when imported: a bundler must not drop them.
  sideEffects: ['./index.js', './node.js'],
  engines: { node: '>=20' },
};
writeFileSync(at('pkg/package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.error(`package: pkg/ holds solvescope ${version}`);
