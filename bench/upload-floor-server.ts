// The floor for receiving an upload in Node: a bare node:http server that hashes the body and
// writes it to a file, flushed, with nothing else. Its memory growth is what Node's own socket
// and stream buffers cost before any of Nubo's code runs.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const [port, target] = [Number(process.argv[2]), process.argv[3]!];
http
  .createServer(async (request, response) => {
    if (request.method !== 'PATCH') return response.end('ok');
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform: (chunk: Buffer, _e, done) => {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(request, hashing, createWriteStream(target, { highWaterMark: 4 * 1024 * 1024 }));
    const file = await open(target, 'r');
    await file.sync();
    await file.close();
    response.writeHead(204, { 'x-sha256': hash.digest('hex') }).end();
  })
  .listen(port, '127.0.0.1');
