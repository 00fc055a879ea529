/** Injecting dependency faults into a running cluster (tests only), and waiting for it to recover. */
import pg from 'pg';
import { TEST_POSTGRES_URL } from '../support/external-services.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A connection-string application_name that marks one test's processes, so its fault hits them alone:
 * other tests share the CI database and must keep their connections.
 */
export function uniqueApplicationName(label: string): string {
  return `${label}-${process.pid}-${Date.now().toString(36)}`;
}

/**
 * What a PostgreSQL restart or failover does to clients: every connection of the database that carries
 * `applicationName` is terminated (pg_terminate_backend, "terminating connection due to administrator
 * command"). Returns how many were.
 */
export async function terminateConnections(applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name = $1`,
      [applicationName],
    );
    return rows.filter((row) => row.terminated).length;
  } finally {
    await admin.end();
  }
}

/** Polls `check` (errors count as not yet) until it holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}
