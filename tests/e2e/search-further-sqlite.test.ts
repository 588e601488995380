// "Search further" on SQLite (tests/e2e/search-further.ts).
import { describeSearchFurther } from './search-further.ts';

describeSearchFurther();
