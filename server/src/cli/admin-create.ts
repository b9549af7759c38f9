import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { DEFAULT_PASSWORD_POLICY, passwordProblem, translate } from '@hotline/domain';
import { openDatabase } from '../db/connect';
import { fromCallersFolder } from './callers-folder';
import { migrate } from '../db/migrate';
import { hashPassword } from '../modules/auth/password';
import { findByUsername } from '../modules/users/user.repository';
import { DEMO_PASSWORD, seedBase } from '../seed/index';
import { loadSettings } from '../settings';

const USAGE = `Creates an administrator (for a database given by DATABASE_URL, or the embedded one).

  npm run admin:create -- --username NAME [--realname 姓名] [--mobile 13xxxxxxxxx] [--unit "区接诉即办中心"]

The password is read from ADMIN_PASSWORD, or asked for when a terminal is attached.
It must meet the default password policy (at least ${DEFAULT_PASSWORD_POLICY.minLength} characters mixing
${DEFAULT_PASSWORD_POLICY.classes} of upper-case, lower-case, digits and symbols; not the user name) and not be
the demo password.`;

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('set ADMIN_PASSWORD (no terminal to ask on)');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question('Password for the new administrator: ');
  rl.close();
  return answer;
}

/** The first thing wrong with the new administrator's password (the settings' default policy). */
function adminPasswordProblem(password: string, username: string): string | null {
  const problem = passwordProblem(password, DEFAULT_PASSWORD_POLICY, { username });
  if (problem) return translate(problem.key, 'en', problem.params);
  if (password === DEMO_PASSWORD) return 'not the demo password';
  return null;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      realname: { type: 'string', default: '系统管理员' },
      mobile: { type: 'string' },
      unit: { type: 'string', default: '区接诉即办中心' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.username) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const username = values.username.trim();
  if (!/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/.test(username))
    throw new Error('username: 3–32 letters, digits, _ . -');
  const password = await readPassword();
  const problem = adminPasswordProblem(password, username);
  if (problem) throw new Error(`password: ${problem}`);

  fromCallersFolder();
  const settings = loadSettings();
  if (!settings.databaseUrl) await mkdir(settings.dataDir, { recursive: true });
  const handle = await openDatabase(
    settings.databaseUrl
      ? { kind: 'postgres', url: settings.databaseUrl, poolSize: 2 }
      : { kind: 'pglite', dataDir: join(settings.dataDir, 'pglite') },
  );
  try {
    await migrate(handle.db);
    await seedBase(handle.db);
    if (await findByUsername(handle.db, username))
      throw new Error(`user ${username} already exists`);
    const hash = await hashPassword(password);
    await handle.db.transaction().execute(async (trx) => {
      let district = await trx
        .selectFrom('units')
        .select('id')
        .where('kind', '=', 'district')
        .orderBy('id')
        .executeTakeFirst();
      district ??= await trx
        .insertInto('units')
        .values({ code: 'D01', name: values.unit, kind: 'district' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('users')
        .values({
          username,
          password_hash: hash,
          realname: values.realname,
          mobile: values.mobile ?? null,
          unit_id: district.id,
          is_admin: true,
          password_changed_at: new Date(),
        })
        .execute();
    });
    console.log(`administrator ${username} created (database: ${handle.kind})`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
