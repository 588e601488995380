// The histogram, count and facets on SQLite (tests/e2e/explorer-aggregates.ts).
import { describeAggregates } from './explorer-aggregates.ts';

describeAggregates();
