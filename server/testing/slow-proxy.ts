// A TCP proxy on loopback that passes what a client sends on at a set rate, for tests that must
// watch a slow step while it happens (an upload to the object store); answers come back at once.
import net, { type AddressInfo } from 'node:net';
import { Transform } from 'node:stream';

export async function startSlowProxy(target: { host: string; port: number }, bytesPerSecond: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    const slow = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        setTimeout(() => next(null, chunk), (chunk.length / bytesPerSecond) * 1000);
      },
    });
    client.pipe(slow).pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
