#!/usr/bin/env node
// The npm registry reachable here serves only the platform packages of this machine's kind
// (linux x64/arm64, glibc): the other platforms' optional binaries (biome, rollup, esbuild, …)
// are 404. `npm install` then leaves them out of package-lock.json, and `npm ci` refuses the
// lock file ("Missing: <pkg>@ from lock file"). This adds an entry for each such optional
// package, with the os/cpu/libc its name states, so `npm ci` accepts the lock file and skips
// them on this platform, as it does for any foreign-platform optional dependency.
// Run it after `npm install` changes the lock file: `node .ci/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
  'cygwin',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

function platformOf(name) {
  const base = name.split('/').pop();
  const parts = base.split('-');
  const os =
    OS.find((o) => parts.includes(o) || base.includes(`-${o}`)) ??
    (base.includes('win32') ? 'win32' : undefined);
  let cpu = CPU.find((c) => parts.includes(c));
  if (!cpu && parts.includes('ppc64')) cpu = 'ppc64';
  if (!cpu && (parts.includes('eabi') || parts.includes('gnueabihf') || parts.includes('musleabihf')))
    cpu = 'arm';
  if (!cpu && parts.includes('loong64')) cpu = 'loong64';
  const libc =
    parts.includes('musl') || parts.includes('musleabihf')
      ? 'musl'
      : parts.includes('gnu') || parts.includes('gnueabihf')
        ? 'glibc'
        : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[nested] || packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform package: leave it to npm
    packages[hoisted] = {
      version: spec.replace(/^[\^~=]/, ''),
      cpu: cpu ? [cpu] : undefined,
      dev: entry.dev,
      libc: libc ? [libc] : undefined,
      license: entry.license,
      optional: true,
      os: os ? [os] : undefined,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} foreign-platform optional package entries`);
