// Watches the page's IndexedDB database 'bf_sdk' (Sidelog's and Bugfender's) from a worker, so that the
// polling costs the page's main thread nothing, and posts the epoch ms at which its 'logs' table first held
// `target` rows. It never creates the database: it waits until the logger has, then opens whatever version is there.
const DB_NAME = 'bf_sdk';
const POLL_MS = 20;

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function openWhenThere(): Promise<IDBDatabase> {
  for (;;) {
    const there = (await indexedDB.databases()).some((db) => db.name === DB_NAME && (db.version ?? 0) > 0);
    if (there) {
      const db = await request(indexedDB.open(DB_NAME));
      if (db.objectStoreNames.contains('logs')) {
        // The logger may upgrade its database: let it, and open again.
        db.onversionchange = () => db.close();
        return db;
      }
      db.close();
    }
    await sleep(POLL_MS);
  }
}

let database: Promise<IDBDatabase> | undefined;

async function count(): Promise<number> {
  database ??= openWhenThere();
  const db = await database;
  try {
    return await request(db.transaction('logs', 'readonly').objectStore('logs').count());
  } catch (error) {
    // Closed for an upgrade: open again next time.
    database = undefined;
    throw error;
  }
}

self.onmessage = async (event: MessageEvent<{ target: number }>) => {
  const { target } = event.data;
  for (;;) {
    const rows = await count().catch(() => 0);
    if (rows >= target) {
      self.postMessage({ at: epochNow(), rows });
      return;
    }
    await sleep(POLL_MS);
  }
};

export {};
