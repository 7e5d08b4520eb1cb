// The Nubo server process: `node server/main.ts`. Stops on SIGTERM and SIGINT within 10 s.
import module from 'node:module';

// Cache compiled code on disk: later starts skip most parsing (about a third of the cold start).
module.enableCompileCache?.();
const { loadConfig, ConfigError } = await import('./config.ts');
type Config = import('./config.ts').Config;
const { startServer, REQUESTS_GRACE_MS } = await import('./server.ts');

/**
 * The whole stop fits in Docker's grace between SIGTERM and SIGKILL: the server exits on its own,
 * its tasks handed back, rather than being killed mid-write.
 */
const STOP_DEADLINE_MS = 10_000;
/** Left at the end of the deadline for the process to exit before it would be killed. */
const EXIT_MARGIN_MS = 500;

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (failure) {
    if (failure instanceof ConfigError) {
      console.error(`nubo: ${failure.message}`);
      process.exit(2);
    }
    throw failure;
  }
  const server = await startServer(config);
  server.app.log.info({ database: config.database.engine, url: config.publicUrl }, 'Nubo is serving');

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, `stopping: requests under way have ${REQUESTS_GRACE_MS / 1000} s to finish`);
    // Whatever still holds the stop open at the deadline (a pool that does not close, say) is left behind.
    const forced = setTimeout(() => {
      server.app.log.error('the stop did not finish in time; exiting');
      process.exit(1);
    }, STOP_DEADLINE_MS - EXIT_MARGIN_MS);
    forced.unref();
    try {
      await server.stop();
    } catch (failure) {
      server.app.log.error({ err: failure }, 'the stop failed; exiting');
      process.exit(1);
    }
    server.app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

await main();
