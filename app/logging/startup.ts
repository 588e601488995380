// What init loads, as a chunk of its own: what starts the engine, and what the page needs only once it runs (the
// rescue, the saved session time, sanitising device keys and issues, the fallback for uncloneable arguments). A page's first load is then Sidelog's
// API and its write queue (docs/benchmarks.md#main-thread-cost); calls made while this loads wait in the queue, as
// they would for a worker still starting.
export { intentURL } from '../../protocol/wire.ts';
export { pageRedactor } from './page-redaction.ts';
export { engineSink, sanitiseWrite } from './engine-sink.ts';
export { defaultDeviceName, deviceInfo, sessionPayload } from './device-info.ts';
export { engineKinds, startEngine } from './engines/choose-engine.ts';
export { defaultWorkers, workersAt } from './engines/worker-engine.ts';
export { loadIdentity, saveDeviceData, type Identity } from './identity.ts';
export { findRescues, removeRescue, saveRescue } from './rescue.ts';
export { loadSessionLastAt, saveSessionLastAt } from './session-last-at.ts';
