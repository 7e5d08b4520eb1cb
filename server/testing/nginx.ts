// Debian's nginx for tests, running a configuration of deploy/ as the deployment does: the
// template's ${NAME}s filled in (as the nginx image's envsubst fills them), inside a main
// configuration of its own that keeps every file nginx writes in one folder.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { until } from './until.ts';

/** `pid`: nginx's one process (no master), so the CPU time it spends is all in one place. */
export type Nginx = { url: string; pid: number; stop(): Promise<void> };

/** Debian's nginx, where `npm test` installs it (scripts/nubo.sh). */
const NGINX = '/usr/sbin/nginx';

export async function startNginx(template: string, { folder, values }: { folder: string; values: Record<string, string> }): Promise<Nginx> {
  mkdirSync(folder, { recursive: true });
  const server = readFileSync(template, 'utf8').replace(/\$\{(\w+)\}/g, (written, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${template} needs ${written}`);
    return value;
  });
  writeFileSync(path.join(folder, 'server.conf'), server);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${path.join(folder, kind)};`).join(' ');
  const main = path.join(folder, 'nginx.conf');
  writeFileSync(
    main,
    `daemon off; master_process off; pid ${path.join(folder, 'nginx.pid')}; error_log ${path.join(folder, 'error.log')} warn; events {} ` +
      `http { access_log off; ${temp} include ${path.join(folder, 'server.conf')}; }\n`,
  );
  const checked = spawnSync(NGINX, ['-t', '-c', main, '-p', folder], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx refuses its configuration: ${checked.stderr}`);
  const child: ChildProcess = spawn(NGINX, ['-c', main, '-p', folder], { stdio: 'ignore' });
  const listen = /listen\s+([\d.]+:\d+)/.exec(server)?.[1];
  if (!listen) throw new Error(`${template} listens on no address:port`);
  const url = `http://${listen}`;
  await until(
    () =>
      fetch(`${url}/healthz`).then(
        (r) => r.status,
        () => 0,
      ),
    (status) => status === 200,
    'nginx answers',
  );
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
