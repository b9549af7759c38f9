// Makes sure a Chromium for the browser tests is on the machine, plus the CJK fonts without
// which Chinese renders as boxes. Playwright's own browser download is not used here
// (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1): the Debian package is installed instead, the way
// `playwright install --with-deps` would install system dependencies.
//
// Exit 0 when Chromium is available (installed now or already), 1 when it is missing and
// cannot be installed from here.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const FONT_PACKAGE = 'fonts-noto-cjk';

function chromiumPath() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync(DEFAULT_PATH)) return DEFAULT_PATH;
  return null;
}

function canApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return false;
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function packageInstalled(name) {
  const result = spawnSync('dpkg', ['-s', name], { encoding: 'utf8' });
  return result.status === 0 && /^Status: .*\binstalled\b/m.test(result.stdout ?? '');
}

function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  if (update.status !== 0) return update.status ?? 1;
  const install = spawnSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit', env });
  return install.status ?? 1;
}

function instructions(what) {
  console.error(
    `ensure-chromium: ${what}. Install it with:\n` +
      `  sudo apt-get install -y chromium ${FONT_PACKAGE}\n` +
      'or set CHROMIUM_PATH to an existing Chromium/Chrome executable.',
  );
}

const found = chromiumPath();
if (found) {
  if (!packageInstalled(FONT_PACKAGE)) {
    if (canApt()) {
      console.log(
        `ensure-chromium: Chromium found at ${found}; installing ${FONT_PACKAGE} with apt-get ` +
          '(system dependency for the browser tests, like playwright install --with-deps)...',
      );
      process.exit(aptInstall([FONT_PACKAGE]));
    }
    console.warn(
      `ensure-chromium: ${FONT_PACKAGE} is not installed, Chinese text will render as boxes ` +
        `(sudo apt-get install -y ${FONT_PACKAGE}).`,
    );
  }
  process.exit(0);
}

if (canApt()) {
  console.log(
    `ensure-chromium: no Chromium at ${DEFAULT_PATH} (or CHROMIUM_PATH); installing chromium and ` +
      `${FONT_PACKAGE} with apt-get (like playwright install --with-deps)...`,
  );
  const status = aptInstall(['chromium', FONT_PACKAGE]);
  if (status === 0 && !chromiumPath()) {
    instructions(`apt-get succeeded but ${DEFAULT_PATH} is still missing`);
    process.exit(1);
  }
  process.exit(status);
}

instructions('Chromium was not found and cannot be installed here (needs root and apt-get)');
process.exit(1);
