// Runs in the browser before each test file: the file starts from an empty browser database. Lines an earlier file
// left stored have no app id to tell them from this file's apps (docs/storage.md#app-change), so an engine started
// here would send them with its own, and a test counting what its app received would count them too.
import Dexie from 'dexie';
import { DATABASE_NAME } from '../../protocol/index.ts';

// A connection left open by an earlier file's worker closes on Dexie's versionchange; one that does not would block
// the deletion for ever, so the file goes on after a while, with whatever the database still holds.
await Promise.race([Dexie.delete(DATABASE_NAME), new Promise((resolve) => setTimeout(resolve, 5_000))]);
