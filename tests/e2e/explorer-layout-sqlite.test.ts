// The explorer's screen and a session read top to bottom, on SQLite (tests/e2e/explorer-layout.ts).
import { describeLayout } from './explorer-layout.ts';

describeLayout();
