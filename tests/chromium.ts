// Debian's Chromium, as the browser tests and the benches launch it: never a browser a test tool
// downloads, and with the network features off that would keep trying hosts this machine cannot reach.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
