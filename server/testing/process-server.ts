// Nubo as a process of its own (server/main.ts), for tests that kill it as a crash would
// (kill -9) and start it again on the same data.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { SERVER_ARGS } from '../process-command.ts';

export type ServerProcess = { url: string; child: ChildProcess; exited: Promise<number | null> };

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...SERVER_ARGS], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server stopped with ${code} before listening`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
  });
  return { url, child, exited };
}

/** Stops the process at once, as a crash would: no graceful stop, no task handed back. */
export async function crash(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}
