import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './root.ts';

/** Nubo's version, from the root package.json. */
export const VERSION: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
