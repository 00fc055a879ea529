/**
 * Task events over PostgreSQL LISTEN/NOTIFY, for deployments with DATABASE_URL and no Redis. The
 * channel is named after the connection's schema, so Kiln instances sharing a database stay apart.
 * A dropped listening connection is re-opened; events sent meanwhile are covered by the readers'
 * periodic re-reads of the database.
 */
import pg from 'pg';
import { silentLogger, type Logger } from '../../logger.ts';
import { backoffDelay, sleep } from '../../store/backoff.ts';
import { PG_CONNECT_TIMEOUT_MS } from '../../store/db.ts';
import { decodeEvent, fanOut, type TaskEventListener, type TaskEventPublisher } from './publisher.ts';

/** NOTIFY payloads must stay under 8000 bytes; a done event with a huge file list drops the list. */
const MAX_PAYLOAD = 7_900;

export async function createPostgresPublisher(
  url: string,
  options: { logger?: Logger } = {},
): Promise<TaskEventPublisher> {
  const logger = options.logger ?? silentLogger;
  const listeners = new Set<TaskEventListener>();
  // The sending connection is re-opened on the next publish after it broke.
  let sender: Promise<pg.Client> | null = null;
  const connectSender = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
    const drop = () => {
      if (sender === opened) sender = null;
    };
    const opened = client.connect().then(() => client);
    opened.catch(drop);
    client.on('error', (error) => {
      logger.warn({ err: error }, 'task events: postgres sender error');
      drop();
    });
    client.on('end', drop);
    sender = opened;
    return opened;
  };
  const { rows } = await (await connectSender()).query<{ schema: string }>('select current_schema() as schema');
  const channel = `kiln_events_${(rows[0]?.schema ?? 'public').replace(/[^a-zA-Z0-9_]/g, '_')}`.slice(0, 63);
  let listener: pg.Client | null = null;
  let closed = false;
  const closing = new AbortController();

  /** Opens the listening connection; on loss it is opened again with back-off until it answers. */
  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
    let lost = false;
    const reconnect = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      if (closed) return;
      logger.warn({ err: error }, 'task events: postgres listener lost; reconnecting');
      void relisten();
    };
    client.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      const event = decodeEvent(message.payload);
      if (event) fanOut(listeners, event, logger);
    });
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    try {
      await client.connect();
      await client.query(`listen "${channel}"`);
    } catch (error) {
      lost = true; // the caller decides whether to try again
      client.end().catch(() => undefined);
      throw error;
    }
    if (closed) await client.end().catch(() => undefined);
    else listener = client;
  }
  async function relisten(): Promise<void> {
    for (let attempt = 1; !closed; attempt++) {
      await sleep(backoffDelay(attempt, { initialMs: 500 }), closing.signal);
      if (closed) return;
      try {
        await listen();
        logger.info({ attempt }, 'task events: postgres listener back');
        return;
      } catch (error) {
        logger.warn({ err: error, attempt }, 'task events: postgres listener still unreachable');
      }
    }
  }
  await listen();

  return {
    kind: 'postgres',
    async publish(event) {
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ ...event, files: undefined });
      try {
        await (await (sender ?? connectSender())).query('select pg_notify($1, $2)', [channel, payload]);
      } catch (error) {
        logger.warn({ err: error, taskId: event.taskId }, 'task event not published to postgres');
      }
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async close() {
      closed = true;
      closing.abort();
      listeners.clear();
      const sending = sender;
      sender = null;
      await Promise.all([
        sending?.then((client) => client.end()).catch(() => undefined),
        listener?.end().catch(() => undefined),
      ]);
    },
  };
}
