// An issue group's analytics and "Resolve in version" on SQLite (tests/e2e/explorer-group-analytics.ts).
import { describeGroupAnalytics } from './explorer-group-analytics.ts';

describeGroupAnalytics();
