// The bare logger's worker: counts the calls in each buffer it is posted, and answers the count when asked. Told
// to store (the durability floor), it also writes each buffer's lines to IndexedDB as Sidelog's rows, in the
// same database and schema ('bf_sdk' version 20, logs by auto-increment id with a sessionUUID index), in one
// transaction for whatever arrived while the last one ran (as Sidelog's writer does) and no other work: what any
// logger storing one row per line there must pay.
let lines = 0;
let database: Promise<IDBDatabase> | undefined;

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('bf_sdk', 20);
    request.onupgradeneeded = () => {
      const logs = request.result.createObjectStore('logs', { keyPath: 'id', autoIncrement: true });
      logs.createIndex('sessionUUID', 'sessionUUID');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Buffers waiting for the next transaction, and whether one is running. */
let waiting: unknown[][] = [];
let storing = false;

async function store(): Promise<void> {
  if (storing || waiting.length === 0) return;
  storing = true;
  const buffers = waiting;
  waiting = [];
  const transaction = (await database!).transaction('logs', 'readwrite');
  const logs = transaction.objectStore('logs');
  for (const buffer of buffers) {
    for (let i = 0; i < buffer.length; i += 2 + (buffer[i + 1] as number)) {
      const at = buffer[i] as number;
      const parts = buffer.slice(i + 2, i + 2 + (buffer[i + 1] as number));
      const t = parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' ');
      logs.add({ x: new Date(at).toISOString(), at, t, ll: 0, u: self.location.origin, sessionUUID: 'bare' });
    }
  }
  // An aborted transaction (a full disk) loses its lines, which the durable figure then never sees: no retry.
  transaction.oncomplete = transaction.onabort = () => {
    storing = false;
    void store();
  };
}

/** Where the count is answered: the dedicated worker's page, or a SharedWorker's connecting port (bare.ts's `via`). */
let reply: { postMessage(message: unknown): void } = self;
(self as unknown as { onconnect: (event: MessageEvent) => void }).onconnect = (event) => {
  const port = event.ports[0]!;
  reply = port;
  port.onmessage = handle;
};
self.onmessage = (event: MessageEvent) => {
  // A port to take the buffers on instead (`via=port`).
  if (event.data === 'port') event.ports[0]!.onmessage = handle;
  else handle(event);
};

function handle(event: MessageEvent<unknown[] | 'count' | 'store'>): void {
  const buffer = event.data;
  if (buffer === 'store') {
    database = openDatabase();
    return;
  }
  if (buffer === 'count') {
    reply.postMessage(lines);
    return;
  }
  for (let i = 0; i < buffer.length; i += 2 + (buffer[i + 1] as number)) lines++;
  if (!database) return;
  waiting.push(buffer);
  void store();
}
