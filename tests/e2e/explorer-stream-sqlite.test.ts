// The log stream's device keys, version and language, who, columns and session header on SQLite
// (tests/e2e/explorer-stream.ts).
import { describeStream } from './explorer-stream.ts';

describeStream();
