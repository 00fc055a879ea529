/**
 * Task events over PostgreSQL LISTEN/NOTIFY, for deployments with DATABASE_URL and no Redis. The
 * channel is named after the connection's schema, so Kiln instances sharing a database stay apart.
 * A dropped listening connection is re-opened; events sent meanwhile are covered by the readers'
 * periodic re-reads of the database.
 */
import pg from 'pg';
import { silentLogger, type Logger } from '../../logger.ts';
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
    const client = new pg.Client({ connectionString: url });
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

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      const event = decodeEvent(message.payload);
      if (event) fanOut(listeners, event, logger);
    });
    client.on('error', (error) => {
      logger.warn({ err: error }, 'task events: postgres listener lost; reconnecting');
      client.end().catch(() => undefined);
      if (listener === client) listener = null;
      if (!closed)
        setTimeout(
          () => void listen().catch((retry) => logger.warn({ err: retry }, 'task events: listen failed')),
          1_000,
        ).unref();
    });
    await client.connect();
    await client.query(`listen "${channel}"`);
    listener = client;
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
