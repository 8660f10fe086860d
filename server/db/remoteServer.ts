/**
 * Worker side of remote.ts: serveDatabase answers a port's query messages with a Database the
 * worker owns. See remote.ts for the model; remoteProtocol.ts for the messages.
 */
import { CompiledQuery, type ControlledTransaction, type QueryResult } from 'kysely';
import type { Database } from './database';
import { errorFields } from './errors';
import { CHANNEL, isRequest, type Body, type PortLike, type Reply, type Request } from './remoteProtocol';
import type { DB } from './schema';

/** Worker side: answers the requests arriving on `port`. Returns a stop function. */
export function serveDatabase(port: PortLike, database: Database): () => void {
  const { db } = database;
  /** Open remote transactions by `${client}/${tx}`; the promise settles once BEGIN has run. */
  const open = new Map<string, Promise<ControlledTransaction<DB>>>();
  let stopped = false;

  const rollbackWhere = (match: (key: string) => boolean): void => {
    for (const [key, started] of [...open]) {
      if (!match(key)) continue;
      open.delete(key);
      started.then((trx) => trx.rollback().execute()).catch(() => undefined);
    }
  };

  const transactionOf = (req: Request & { tx: number }): Promise<ControlledTransaction<DB>> => {
    const started = open.get(`${req.client}/${req.tx}`);
    if (!started) throw new Error(`no open remote transaction ${req.tx}`);
    return started;
  };

  async function handle(req: Request): Promise<QueryResult<unknown>> {
    switch (req.op) {
      case 'query': {
        const query = CompiledQuery.raw(req.sql, req.params);
        return req.tx === null ? db.executeQuery(query) : (await transactionOf({ ...req, tx: req.tx })).executeQuery(query);
      }
      case 'begin': {
        const key = `${req.client}/${req.tx}`;
        if (open.has(key)) throw new Error(`remote transaction ${req.tx} is already open`);
        let builder = db.startTransaction();
        if (req.settings.isolationLevel) builder = builder.setIsolationLevel(req.settings.isolationLevel);
        if (req.settings.accessMode) builder = builder.setAccessMode(req.settings.accessMode);
        const started = builder.execute();
        open.set(key, started);
        await started.catch((err: unknown) => {
          open.delete(key);
          throw err;
        });
        return { rows: [] };
      }
      case 'commit': {
        // Stays registered if COMMIT fails: the client then sends 'rollback', which releases it.
        await (await transactionOf(req)).commit().execute();
        open.delete(`${req.client}/${req.tx}`);
        return { rows: [] };
      }
      case 'rollback': {
        const trx = await transactionOf(req);
        open.delete(`${req.client}/${req.tx}`);
        await trx.rollback().execute();
        return { rows: [] };
      }
      case 'bye':
        rollbackWhere((key) => key.startsWith(`${req.client}/`));
        return { rows: [] };
    }
  }

  const send = (req: Request, body: Body<Reply>): void => {
    if (stopped) return;
    try {
      port.postMessage({ ch: CHANNEL, client: req.client, id: req.id, ...body });
    } catch (err) {
      // A row value structured clone cannot carry: answer with the error instead (plain strings,
      // always cloneable; if even that fails the port itself is gone and nobody is listening).
      try {
        port.postMessage({ ch: CHANNEL, client: req.client, id: req.id, ok: false, error: errorFields(err) });
      } catch {
        stop();
      }
    }
  };

  const onMessage = (msg: unknown): void => {
    if (!isRequest(msg) || stopped) return;
    handle(msg).then(
      (result) => msg.op !== 'bye' && send(msg, { ok: true, result }),
      (err: unknown) => msg.op !== 'bye' && send(msg, { ok: false, error: errorFields(err) }),
    );
  };
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    port.off('message', onMessage);
    port.off('close', stop);
    rollbackWhere(() => true);
  };
  port.on('message', onMessage);
  port.on('close', stop);
  return stop;
}
