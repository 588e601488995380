// What tests/browser/global-setup.ts (in Node) provides to the browser tests (in the page) through `inject`.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    collectorURL: string;
    adminToken: string;
    otlpReceiverURL: string;
  }
}
