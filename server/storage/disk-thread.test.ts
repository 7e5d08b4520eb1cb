import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DiskThread, diskThread } from './disk-thread.ts';

describe('the disk thread', () => {
  let folder: string;
  let disk: DiskThread;
  beforeEach(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-disk-'));
  });
  afterEach(async () => {
    await disk?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes a file anew, over what was there, and at an offset', async () => {
    disk = diskThread();
    const file = path.join(folder, 'upload');
    writeFileSync(file, 'old content that is longer');
    await disk.write(file, Buffer.from('hello '), 0, { create: true });
    await disk.write(file, Buffer.from('world'), 6, { create: false });
    expect(readFileSync(file, 'utf8')).toBe('hello world');
  });

  it('puts a file in place in a folder it makes when missing, and takes the place of one already there', async () => {
    disk = diskThread();
    const target = path.join(folder, 'ab', 'cd', 'blob');
    writeFileSync(path.join(folder, 'first'), 'same bytes');
    await disk.place(path.join(folder, 'first'), target);
    writeFileSync(path.join(folder, 'second'), 'same bytes');
    await disk.place(path.join(folder, 'second'), target);
    expect(readFileSync(target, 'utf8')).toBe('same bytes');
    expect([existsSync(path.join(folder, 'first')), existsSync(path.join(folder, 'second'))]).toEqual([false, false]);
  });

  it('fails a job with the system error and its code, and goes on with the next', async () => {
    disk = diskThread();
    await expect(disk.place(path.join(folder, 'missing'), path.join(folder, 'ab', 'blob'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(disk.write(path.join(folder, 'missing'), Buffer.from('x'), 0, { create: false })).rejects.toMatchObject({ code: 'ENOENT' });
    await disk.write(path.join(folder, 'made'), Buffer.from('x'), 0, { create: true });
    expect(readFileSync(path.join(folder, 'made'), 'utf8')).toBe('x');
  });

  it('answers many jobs at once, each its own', async () => {
    disk = diskThread();
    await Promise.all(Array.from({ length: 40 }, (_, i) => disk.write(path.join(folder, `f${i}`), Buffer.from(`file ${i}`), 0, { create: true })));
    await Promise.all(Array.from({ length: 40 }, (_, i) => disk.place(path.join(folder, `f${i}`), path.join(folder, 'placed', `f${i}`))));
    const placed = Array.from({ length: 40 }, (_, i) => readFileSync(path.join(folder, 'placed', `f${i}`), 'utf8'));
    expect(placed).toEqual(Array.from({ length: 40 }, (_, i) => `file ${i}`));
  });

  it('starts with the first job, stops after a while without one, and starts again for the next', async () => {
    disk = diskThread({ idleMs: 50 });
    expect(disk.running).toBe(false);
    await disk.write(path.join(folder, 'a'), Buffer.from('a'), 0, { create: true });
    expect(disk.running).toBe(true);
    for (let i = 0; i < 100 && disk.running; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(disk.running).toBe(false);
    await disk.place(path.join(folder, 'a'), path.join(folder, 'b'));
    expect(disk.running).toBe(true);
    expect(readFileSync(path.join(folder, 'b'), 'utf8')).toBe('a');
  });
});
