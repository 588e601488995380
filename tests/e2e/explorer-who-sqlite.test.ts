// The log stream's device keys, version and language, who, columns and session header on SQLite
// (tests/e2e/explorer-who.ts).
import { describeWho } from './explorer-who.ts';

describeWho();
