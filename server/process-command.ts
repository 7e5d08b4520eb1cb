// How to start the server as a process of its own: node's arguments, the V8 flags of
// server/node-flags first, as scripts/nubo.sh starts it, so a bench or a test runs what ships.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const flags = readFileSync(path.join(import.meta.dirname, 'node-flags'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

/** Node's arguments for the server: its V8 flags and server/main.ts. */
export const SERVER_ARGS: readonly string[] = [...flags, path.join(import.meta.dirname, 'main.ts')];
