// The folder Nubo is installed in, the one with its package.json: the same answer whether the
// server runs from its source (server/) or from its build (dist/server/), which sit at different depths.
import { findPackageJSON } from 'node:module';
import path from 'node:path';

const packageJson = findPackageJSON(import.meta.url);
if (!packageJson) throw new Error(`nubo: no package.json above ${import.meta.dirname}`);

export const ROOT: string = path.dirname(packageJson);
