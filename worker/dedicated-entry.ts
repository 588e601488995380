// The dedicated Worker: one engine for one tab; the tabs elect one uploader with Web Locks.
import type { Endpoint } from 'comlink';
import { createEngine } from './engine.ts';
import { exposeEngine } from './expose-engine.ts';

exposeEngine(createEngine(), self as unknown as Endpoint);
