// How to start the server as a process of its own: node's arguments, the V8 flags of
// server/node-flags first and the server's build (scripts/build-server.ts), as scripts/nubo.sh
// starts it, so a bench or a test runs what ships.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const flags = readFileSync(path.join(import.meta.dirname, 'node-flags'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

/** Where scripts/build-server.ts puts the server's build. */
export const SERVER_BUILD_DIR = path.resolve(import.meta.dirname, '..', 'dist', 'server');

/** Node's arguments for the server: its V8 flags and the build of server/main.ts. */
export const SERVER_ARGS: readonly string[] = [...flags, path.join(SERVER_BUILD_DIR, 'main.mjs')];
