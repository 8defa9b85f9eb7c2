// Prints the gzip size of the JavaScript a first visit to /login loads: the entry chunk and the lazy
// chunks of the auth layout and the login route (grouped in the `sign-in` chunk by vite.config.ts), each
// with its static imports, the error tracking main.tsx loads on every page, and Amplify's chunk, which the
// login form fetches at the first sign of someone signing in. Budget: 201 KiB (docs/performance.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const files = new Set();

function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}

collect('index.html');
for (const lazyRoute of [/app\/layouts\/auth-layout\.tsx$/, /features\/auth\/routes\/login-route\.tsx$/]) {
  // A module the `sign-in` group took has no manifest entry of its own: the group's chunk stands for it.
  const key =
    Object.keys(manifest).find((name) => lazyRoute.test(name)) ??
    Object.keys(manifest).find((name) => manifest[name].name === 'sign-in');
  if (!key) throw new Error(`no chunk for ${lazyRoute} in the manifest`);
  collect(key);
}

// Error tracking (lib/client-diagnostics.ts): main.tsx loads it on every page, and with it what it imports.
const diagnosticsKey = Object.keys(manifest).find((name) => /lib\/client-diagnostics\.ts$/.test(name));
if (!diagnosticsKey) throw new Error('no chunk for lib/client-diagnostics.ts in the manifest');
collect(diagnosticsKey);

// Amplify's own chunk (lib/auth/amplify-loader.ts): not on the path to the first render, but fetched by the form.
const amplifyKey = Object.keys(manifest).find((name) => /lib\/auth\/amplify\.ts$/.test(name));
if (!amplifyKey) throw new Error('no chunk for lib/auth/amplify.ts in the manifest');
collect(amplifyKey);

let total = 0;
const sizes = [];
for (const file of files) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  sizes.push([file, size]);
  total += size;
}
if (process.argv.includes('--verbose')) {
  for (const [file, size] of sizes.sort((a, b) => b[1] - a[1]))
    console.info(`${(size / 1024).toFixed(1)} KiB  ${file}`);
}
const kib = (total / 1024).toFixed(1);
console.info(
  `first visit to /login loads ${files.size} JavaScript files, ${kib} KiB gzipped (budget 201 KiB)`,
);
if (total > 201 * 1024) {
  console.error('over the 201 KiB budget: lazy-load more behind sign-in');
  process.exitCode = 1;
}
