// The server the browser tests drive: the real Nubo server, with one difference — every browser
// test comes from 127.0.0.1, so the per-address sign-up limit (20 an hour) would cap how many
// people the suite may create. Per-account rules (proof of work, lockout) stay as they ship.
import { loadConfig } from '../../server/config.ts';
import { startServer } from '../../server/server.ts';
import { DEFAULT_LIMITS } from '../../server/services/accounts.ts';

const server = await startServer(loadConfig(), {
  limits: { ...DEFAULT_LIMITS, signUpPerIp: { ...DEFAULT_LIMITS.signUpPerIp, max: 10_000 } },
});
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
