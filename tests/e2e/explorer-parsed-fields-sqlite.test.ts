// Fields parsed from the text in the explorer on SQLite (tests/e2e/explorer-parsed-fields.ts).
import { describeParsedFields } from './explorer-parsed-fields.ts';

describeParsedFields();
