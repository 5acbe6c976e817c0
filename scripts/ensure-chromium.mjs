// End-to-end tests use the system Chromium (never a downloaded one). On Debian as root, install it when missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Chromium from Debian (apt-get install chromium)…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } else {
    console.error(
      `Chromium not found at ${chromium}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
}
