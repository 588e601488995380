// The explorer's views beyond the stream on SQLite (tests/e2e/insight.ts).
import { describeInsight } from './insight.ts';

describeInsight();
