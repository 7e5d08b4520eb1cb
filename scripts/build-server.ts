// The server as it ships: compiled with the packages it loads at start into a few ES modules in
// dist/server (main.mjs; http-worker.mjs for the download thread, checkpoint-worker.mjs for the
// database's checkpoints and disk-worker.mjs for small file jobs, each started when needed). One
// file instead of hundreds of modules and no TypeScript to strip: a start takes about 350 ms
// instead of 600, and an idle server about 105 MiB instead of 125 (`npm run bench -- startup`).
//
// `node scripts/build-server.ts` builds it (scripts/nubo.sh does, before start and the benches);
// as vitest's global setup it builds it for the tests that run the server as a process.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { SERVER_BUILD_DIR } from '../server/process-command.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Packages left to Node's loader: native add-ons, packages that read files of their own at run
 * time, and the large ones only a rare request loads (S3, payments, torrents, Redis).
 */
const LOADED_BY_NODE = [
  'better-sqlite3',
  '@node-rs/argon2',
  'sharp',
  'mediainfo.js',
  'webtorrent',
  'fs-chunk-store',
  'undici',
  'stripe',
  '@aws-sdk/*',
  'ioredis',
  'pg-native',
];

/**
 * Node's own modules through require(), as the bundled CommonJS packages take them: an `import`
 * of one builds its ES module facade, which reads every export, and node:http's lazy ones
 * (WebSocket, MessageEvent) load all of undici, 30 ms of every start, for nothing.
 */
const builtinsByRequire: Plugin = {
  name: 'builtins-by-require',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => (args.kind === 'import-statement' ? { path: args.path, namespace: 'node-builtin' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'node-builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

export default async function buildServer(): Promise<void> {
  rmSync(SERVER_BUILD_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: {
      main: 'server/main.ts',
      'http-worker': 'server/offline/http-worker.ts',
      'checkpoint-worker': 'server/db/checkpoint-worker.ts',
      'disk-worker': 'server/storage/disk-worker.ts',
    },
    outdir: SERVER_BUILD_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // What only some requests need stays in chunks of its own, loaded on first use.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    external: LOADED_BY_NODE,
    plugins: [builtinsByRequire],
    // The CommonJS packages inside still call require() for Node's own modules.
    banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
    // Node keeps every module's source in memory: without the layout it is smaller. Names stay, for the logs.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (import.meta.main) await buildServer();
