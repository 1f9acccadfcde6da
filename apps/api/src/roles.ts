import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { fold, normalizeEmail, userDecider, userStream, type UserEvent } from '@groundtruth/domain';
import { createLogger, decideAndAppend, loadConfig, openRuntime } from '@groundtruth/platform';

/**
 * `npm run roles -- <email> [+admin|-admin|+moderator|-moderator]…`: grants or removes site roles
 * (spec §6 admin and moderator flags), as a command on the user's stream like any other change.
 * Without changes it prints the account's roles. Works while the product runs.
 */
const [email, ...changes] = process.argv.slice(2);
const usage = 'usage: npm run roles -- <email> [+admin|-admin|+moderator|-moderator]…\n';
const valid = /^[+-](admin|moderator)$/;
if (!email || changes.some((c) => !valid.test(c))) {
  process.stderr.write(usage);
  process.exit(2);
}
const config = loadConfig();
const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, 'roles');
const runtime = await openRuntime(config, log, { clickhouse: false, reuseEmbeddedPostgres: true });
let code = 0;
try {
  const claim = await runtime.pool.query<{ user_id: string }>('SELECT user_id FROM gt_email_claims WHERE email = $1', [
    normalizeEmail(email),
  ]);
  const userId = claim.rows[0] ? Number(claim.rows[0].user_id) : null;
  if (userId === null) {
    process.stderr.write(`No account has the address ${email}\n`);
    code = 1;
  } else {
    const wanted: { admin?: boolean; moderator?: boolean } = {};
    for (const c of changes) wanted[c.slice(1) as 'admin' | 'moderator'] = c.startsWith('+');
    const correlationId = randomUUID();
    const meta = { correlationId, causationId: correlationId, userId: null, now: new Date().toISOString() };
    await decideAndAppend(
      runtime.store,
      userDecider,
      userStream(userId),
      { type: 'SetRoles', data: { userId, ...wanted } },
      meta,
    );
    const after = fold(userDecider, (await runtime.store.readStream(userStream(userId))) as unknown as UserEvent[]);
    if (after.status === 'active')
      process.stdout.write(`${email}: user ${userId}, admin ${after.admin}, moderator ${after.moderator}\n`);
  }
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  code = 1;
} finally {
  await runtime.close();
}
process.exit(code);
