// The dedicated Worker: one engine for one tab; the tabs elect one uploader with Web Locks.
import { createEngine } from './engine.ts';
import { exposeEngine, type PortLike } from './expose-engine.ts';

exposeEngine(createEngine(), self as unknown as PortLike);
