// The security checklist (docs/security.md) names, under each rule, the tests that hold it: this
// keeps the list true, so a rule never stands on a test that was renamed or removed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CHECKLIST = readFileSync(path.join(ROOT, 'docs/security.md'), 'utf8');
/** "  - `file` — test title": a test that holds the rule above it. */
const HOLDS = /^ {2}- `([^`]+)` — (.+)$/;

const holders = CHECKLIST.split('\n').flatMap((line) => {
  const found = HOLDS.exec(line);
  return found ? [{ file: found[1]!, title: found[2]! }] : [];
});

describe('the security checklist', () => {
  it('names the tests that hold its rules, under every rule', () => {
    const rules = CHECKLIST.split('\n').filter((line) => /^- \*\*/.test(line));
    expect(rules.length).toBeGreaterThan(15);
    const lines = CHECKLIST.split('\n');
    for (const rule of rules) expect(HOLDS.test(lines[lines.indexOf(rule) + 1] ?? ''), rule).toBe(true);
  });

  it.each(holders.map((holder) => [holder.file, holder.title]))('names a test that exists: %s — %s', (file, title) => {
    expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    expect(readFileSync(path.join(ROOT, file), 'utf8')).toContain(title);
  });
});
