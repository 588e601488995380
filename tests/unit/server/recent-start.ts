// When a contract file's logs begin, for the files whose cases concern what a query finds rather than where in time
// it finds it: a minute ago, on a whole second (the histogram's buckets are whole seconds). On ClickHouse such logs
// lie in a read's newest time window (server/stores/clickhouse/time-windows.ts), as a live app's do, and each read
// finds them there at once; dated a month back, each read first probed for them, in unions of 14 to 16 ranges, and
// took about 9 queries: 85 ms a search on 18.16's server and 180 ms on chdb, against 24 and 45 (docs/testing.md#budget).
// The windows' own cases, logs far apart in time, are explorer-queries.test.ts' and clickhouse-reads.test.ts'.
export const RECENT_START = Math.floor(Date.now() / 1000) * 1000 - 60_000;
