import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * pglite-socket (0.2.x) runs the protocol messages of all connections through one queue, one message at a time, and
 * keeps to one connection only inside an SQL transaction. node-postgres sends every parameterised query as Parse,
 * Bind, Describe, Execute, Sync: when another connection's messages run in between, one query executes the other's
 * unnamed statement with its own parameters ("invalid input syntax", "portal does not exist") or answers with the
 * other's rows. This keeps each connection's batch together: after a message of a batch, the next one served is that
 * connection's, until its Sync (or a simple Query, or the startup message) ends the batch.
 */

interface QueueItem {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

interface QueryQueue {
  queue: QueueItem[];
  processing: boolean;
  db: PGlite & { runExclusive<T>(fn: () => Promise<T>): Promise<T> };
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
/** Sync ends an extended-query batch; Query is a whole simple query; Terminate ends the connection. */
const BATCH_ENDS = new Set(['S', 'Q', 'X'].map((c) => c.charCodeAt(0)));
const PROTOCOL_3 = 196608;

function endsBatch(message: Uint8Array): boolean {
  if (BATCH_ENDS.has(message[0]!)) return true;
  // The startup message has no type byte: length, then the protocol version.
  return message.length >= 8 && new DataView(message.buffer, message.byteOffset, 8).getInt32(4) === PROTOCOL_3;
}

export function keepProtocolBatchesTogether(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue?: QueryQueue }).queryQueue;
  if (
    !queue ||
    !Array.isArray(queue.queue) ||
    typeof queue.processQueue !== 'function' ||
    typeof queue.clearQueueForHandler !== 'function'
  ) {
    throw new Error(
      '@electric-sql/pglite-socket changed its query queue: check bff/src/db/pglite-batches.ts against the new version',
    );
  }
  const midBatch = new Set<number>();

  queue.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = this.lastHandlerId;
        let item: QueueItem | undefined;
        if (owner !== null && (midBatch.has(owner) || this.db.isInTransaction())) {
          const index = this.queue.findIndex((q) => q.handlerId === owner);
          // Its next message is still on the way; enqueue() starts the queue again when it comes.
          if (index === -1) break;
          item = this.queue.splice(index, 1)[0]!;
        } else {
          item = this.queue.shift()!;
        }
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          item.reject(error);
          continue;
        }
        if (endsBatch(item.message)) midBatch.delete(item.handlerId);
        else midBatch.add(item.handlerId);
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }.bind(queue);

  // A connection that goes away in the middle of a batch: end its batch with a Sync so the next one starts clean.
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clear(handlerId);
    if (!midBatch.has(handlerId)) return;
    const noop = () => undefined;
    queue.queue.unshift({ handlerId, message: SYNC, onData: noop, resolve: noop, reject: noop });
    void queue.processQueue();
  };
}
