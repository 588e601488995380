// Sidelog's public API on the page (docs/api.md). Every log call does the least possible work:
// it takes the time, the level and the raw arguments (and, for warnings and worse, the raw stack),
// appends them to the write queue and returns. The engine, in a worker where it can be, does the rest.
// The page's first load takes from protocol/ only the modules it runs (not its index, which would bring every one
// into the first chunk: docs/benchmarks.md#main-thread-cost); types come from the index, which costs nothing.
import { IssueType, LogLevel } from '../../protocol/levels.ts';
import { resolveOptions, validateDeviceKey, validateTitle, type ResolvedOptions } from '../../protocol/options.ts';
import type { DeviceKeyValue, SidelogMode, SidelogOptions } from '../../protocol/index.ts';
import { captureCallSite } from './call-site.ts';
import type { InstalledCaptures } from './capture/index.ts';
import type { EngineHandle } from './engines/engine-handle.types.ts';
import type { WorkerFactories } from './engines/worker-engine.ts';
import type { FeedbackResult, FeedbackTexts } from './feedback/feedback-dialog.ts';
import { originalConsole } from './original-console.ts';
import { registerInternals, type SidelogInternals } from './internals.ts';
import type { StartHost, Started } from './session-start.ts';
import { resolveWorkerURL } from './worker-url.ts';
import { createWriteQueue } from './write-queue.ts';

/** The fields of `sendLog`; all optional, sanitised by the engine. */
export interface LogFields {
  /** The line of the call in its file. */
  line?: number;
  /** Default: Debug. */
  level?: LogLevel;
  tag?: string;
  /** The function or method that logged. */
  method?: string;
  file?: string;
  /** Cut at 32,000 characters, as every log's text (docs/limits.md#sanitising). */
  text?: string;
  /** Default: the page's address at the call. */
  url?: string;
}

/** Seams for tests: which workers to start and how long to wait for them. */
export interface SidelogSeams {
  workers?: WorkerFactories;
  workerDeadlineMs?: number;
}

export class SidelogClient {
  readonly #seams: SidelogSeams;
  readonly #queue = createWriteQueue((error) =>
    this.#debug(`Sidelog could not hand logs to its engine: ${String(error)}`),
  );
  #options: ResolvedOptions | undefined;
  #started: Promise<Started> | undefined;
  /** Settles when init's engine is up (or could not start); calls made before init wait on it. */
  readonly #whenStarted: Promise<Started>;
  #settleStarted!: (started: Promise<Started>) => void;
  #engine: EngineHandle | undefined;
  /** Keys set or removed before the start-up chunk loaded and the stored keys were read, in order: applied to the
   * stored device data then (app/logging/session-start.ts). */
  readonly #keysBeforeStart: { key: string; value: DeviceKeyValue }[] = [];
  /** Once the stored keys are read: sets a key in the device's data and sends it to the engine. */
  #setKeyNow: ((key: string, value: DeviceKeyValue) => void) | undefined;
  #teardown: (() => void)[] = [];
  /** Closing twice must not call into a worker the first close already terminated. */
  #closed: Promise<void> | undefined;
  #namedDevice = false;

  /** What the captures and the tests reach (app/logging/internals.ts). */
  readonly #internals: SidelogInternals = {
    record: (level, parts, site) => this.#record(level, parts, site),
    recordEvent: (level, tag, text, time, verbatim) => this.#sendFields({ level, tag, text }, time, verbatim),
    sendCrash: (title, text) => this.sendCrash(title, text),
    status: () => this.#ready().then(({ engine }) => engine.calls.status()),
  };

  constructor(seams: SidelogSeams = {}) {
    this.#seams = seams;
    this.#whenStarted = new Promise((resolve) => (this.#settleStarted = resolve));
    // A start that failed (rules the engine refused, no engine at all) is init's to report, and each call that waits
    // on it rejects on its own: unawaited here, it is no unhandled rejection of the page's.
    this.#whenStarted.catch(() => undefined);
    registerInternals(this, this.#internals);
  }

  /** The operation mode, once the engine has started. */
  get mode(): SidelogMode | undefined {
    return this.#engine?.mode;
  }

  /**
   * Starts Sidelog. Throws at once, with the texts of docs/errors.md#options, on invalid options; the promise
   * resolves once the engine runs, and rejects when the engine refuses a rule that could backtrack without bound. Calls made before now are kept with their time and replayed.
   */
  init(options: SidelogOptions): Promise<void> {
    if (this.#started) return this.#started.then(() => undefined);
    const resolved = resolveOptions(options, { origin: location.origin, deviceName: '' });
    if (resolved.workerURL !== undefined) resolved.workerURL = resolveWorkerURL(resolved.workerURL, location.href);
    // The default device name is the start-up chunk's to make (#start); a name given, even blank, is kept.
    this.#namedDevice = (options as { deviceName?: unknown }).deviceName !== undefined;
    this.#options = resolved;
    this.#queue.methods(resolved.captureCallSite, resolved.printToConsole);
    // Captures start as soon as their code is loaded, not when the engine is up: what they see meanwhile waits in
    // the queue. init resolves once they listen.
    const captures = this.#installCaptures(resolved);
    this.#started = this.#start(resolved).then(async (started) => {
      await captures;
      return started;
    });
    this.#settleStarted(this.#started);
    return this.#started.then(() => undefined);
  }

  /** Loads the captures (a chunk of their own, and only when some option asks for one) and installs them;
   * settles once they listen. close() takes them away, or keeps them from ever being installed. */
  #installCaptures(options: ResolvedOptions): Promise<void> {
    const wanted =
      options.overrideConsoleMethods ||
      options.registerErrorHandler ||
      options.logBrowserEvents ||
      options.logUIEvents ||
      options.logNetworkRequests !== false ||
      options.logWebVitals;
    if (!wanted) return Promise.resolve();
    let installed: InstalledCaptures | undefined;
    let undone = false;
    this.#teardown.push(() => {
      undone = true;
      installed?.undo();
    });
    return import('./capture/index.ts').then(
      ({ installCaptures }) => {
        if (undone) return;
        installed = installCaptures(this.#internals, options);
        return installed.ready;
      },
      // A capture is not worth an error in the page.
      () => undefined,
    );
  }

  /** Loads the start-up chunk, which does the rest (app/logging/session-start.ts). */
  async #start(options: ResolvedOptions): Promise<Started> {
    const { startSession } = await import('./startup.ts');
    const host: StartHost = {
      queue: this.#queue,
      workers: this.#seams.workers,
      workerDeadlineMs: this.#seams.workerDeadlineMs,
      namedDevice: this.#namedDevice,
      keysBeforeStart: this.#keysBeforeStart,
      teardown: this.#teardown,
      debug: (message) => this.#debug(message),
      keysReady: (setKey) => (this.#setKeyNow = setKey),
    };
    const started = await startSession(host, options);
    this.#engine = started.engine;
    return started;
  }

  #debug(message: string): void {
    if (this.#options?.debug) originalConsole.warn(`[Sidelog] ${message}`);
  }

  /** The per-call path of the captures (console, events): as the public methods, never printing. Never throws. */
  #record(level: LogLevel, parts: ArrayLike<unknown>, site?: Function): void {
    try {
      const now = Date.now();
      // A stack costs more than the rest of the call: by default only warnings and worse pay for it.
      const stack =
        site && (this.#options?.captureCallSite || (level !== LogLevel.Debug && level !== LogLevel.Info))
          ? captureCallSite(site)
          : undefined;
      this.#queue.log(now, level, parts, stack);
    } catch {
      // Nothing a log call does may break the page.
    }
  }

  // The public log methods, each with its level and the console method it prints through: the queue makes them, so
  // that a call's few steps are one function (app/logging/write-queue.ts).
  /** Logs its arguments at Debug, as `console.log` would print them (the engine formats them, off the main thread);
   * also prints them with `printToConsole`. Never throws, never waits. */
  log = this.#queue.method(LogLevel.Debug, originalConsole.log);
  /** As `log`, at Warning, with the call's file, line and method. */
  warn = this.#queue.method(LogLevel.Warning, originalConsole.warn);
  /** As `log`, at Error, with the call's file, line and method. */
  error = this.#queue.method(LogLevel.Error, originalConsole.error);
  /** As `log`, at Trace, with the call's file, line and method. */
  trace = this.#queue.method(LogLevel.Trace, originalConsole.trace);
  /** As `log`, at Info. */
  info = this.#queue.method(LogLevel.Info, originalConsole.info);
  /** As `log`, at Fatal, with the call's file, line and method. */
  fatal = this.#queue.method(LogLevel.Fatal, originalConsole.error);

  /** A log line with explicit fields; never captures a call site. */
  sendLog = (fields: LogFields): void => this.#sendFields(fields);

  /** `verbatim`: the text is a value the app asked for as typed, which no rule redacts (a UI event's, only). */
  #sendFields(fields: LogFields, time?: number, verbatim?: boolean): void {
    try {
      const raw = { t: fields.text, tg: fields.tag, m: fields.method, f: fields.file, l: fields.line };
      this.#queue.logFields(
        time ?? Date.now(),
        fields.level ?? LogLevel.Debug,
        verbatim ? { ...raw, v: true } : raw,
        fields.url,
      );
    } catch {
      // As for every log call.
    }
  }

  /** Stores an issue, logs its line (tag `bf_issue`) and forces one send; resolves to the issue's page on the service,
   * `{baseURL}/intent/{appID}/issue/{uuid}`. Throws at once when the title is not a string. */
  sendIssue = (title: string, text: string): Promise<string> => this.#sendIssue(IssueType.Issue, title, text);
  /** As `sendIssue`, for a crash: `registerErrorHandler` sends uncaught errors this way. */
  sendCrash = (title: string, text: string): Promise<string> => this.#sendIssue(IssueType.Crash, title, text);
  /** As `sendIssue`, for a user's feedback; `getUserFeedback` asks the user for it. */
  sendUserFeedback = (subject: string, text: string): Promise<string> =>
    this.#sendIssue(IssueType.UserFeedback, subject, text);

  /** Validates at once; the issue is queued like a log and forces one send. Resolves to the issue's URL. */
  #sendIssue(type: IssueType, title: unknown, text: unknown): Promise<string> {
    validateTitle(title);
    const uuid = crypto.randomUUID();
    // The issue's own line in its session, as Bugfender's SDK writes it: where it happened among the logs, by the
    // device's clock, which the explorer dates and reads issues by (docs/explorer.md#an-issues-story).
    // ISSUE_LOG_TAG's value written out (protocol/page-constants.ts): imported, first load and start-up grew by 15 bytes.
    this.#sendFields({ level: LogLevel.Error, tag: 'bf_issue', text: uuid });
    // The text is made a string on its way to the engine (app/logging/engine-sink.ts).
    this.#queue.send({ sl: 'issue', issue: { type, title, text: text as string, uuid } });
    return this.#ready().then(({ link }) => link('issue', uuid));
  }

  /** Sets a key of the device's (`user_id`, say), sent with its logs and kept across pages; a boolean, number or
   * string stays as it is, anything else is made a string. Throws at once when the key is not a string. */
  setDeviceKey = (key: string, value: unknown): void => {
    validateDeviceKey(key);
    // A null value is the text 'null', as the sanitiser writes it: only removeDeviceKey removes a key.
    this.#setKey(key, value === null ? 'null' : (value as DeviceKeyValue));
  };

  /** Removes a key `setDeviceKey` set. Throws at once when the key is not a string. */
  removeDeviceKey = (key: string): void => {
    validateDeviceKey(key);
    this.#setKey(key, null);
  };

  /** A key set (or removed, with null): sanitised once the start-up chunk is loaded, in the device's data and on its
   * way to the engine (app/logging/engine-sink.ts); until then the call is kept for the start. */
  #setKey(key: string, value: DeviceKeyValue): void {
    // After close() a key is dropped as a log is (the queue warns of it): not kept in the device's data either,
    // where the next page would send it.
    if (this.#closed || !this.#setKeyNow) {
      if (!this.#closed) this.#keysBeforeStart.push({ key, value });
      return void this.#queue.send({ sl: 'key', key, value });
    }
    this.#setKeyNow(key, value);
  }

  /** Shows the feedback dialog (its code loaded on the first call); a submitted form is sent as user feedback. */
  getUserFeedback = (texts?: FeedbackTexts): Promise<FeedbackResult> =>
    // sendUserFeedback is an arrow, bound to this client: passed as it is.
    import('./feedback/feedback-dialog.ts').then(({ showFeedbackDialog }) =>
      showFeedbackDialog(texts, this.sendUserFeedback),
    );

  /** Uploads as if the service had enabled this device (or stops doing so). */
  setForceEnabled = (enabled: boolean): Promise<void> =>
    this.#ready().then(({ engine }) => engine.calls.setForceEnabled(enabled));

  /** One upload run now, whatever the device's status on the service. */
  forceSendOnce = (): Promise<void> => this.#ready().then(({ engine }) => engine.calls.forceSendOnce());

  /** Resolves once everything logged so far is stored by the engine: before leaving on purpose, say. */
  settle = (): Promise<void> => this.#ready().then(({ engine }) => engine.calls.settle(this.#queue.lastSeq()));

  /** This device's page on the service: `{baseURL}/intent/{appID}/device/{udid}`. */
  getDeviceURL = (): Promise<string> => this.#ready().then(({ link, identity }) => link('device', identity.udid));

  /** This session's page on the service: `{baseURL}/intent/{appID}/session/{sessionUUID}`. */
  getSessionURL = (): Promise<string> =>
    this.#ready().then(({ link, identity }) => link('session', identity.sessionUUID));

  /**
   * Undoes everything init did: captures removed, console restored, engine let go. Everything logged before the
   * call is handed to the engine and stored first (in mode C, sent with keepalive). Log calls after it are
   * dropped, never thrown at the caller: with `debug`, the first one is warned about. Calls that return a
   * promise reject. Closing again is a no-op.
   */
  close = (): Promise<void> => (this.#closed ??= this.#close());

  async #close(): Promise<void> {
    this.#queue.seal(() => this.#debug('Sidelog has been closed: logs after close() are dropped.'));
    this.#teardown
      .splice(0)
      .reverse()
      .forEach((undo) => undo());
    const started = this.#started;
    if (!started) return;
    const engine = await started.then(
      (running) => running.engine,
      () => undefined,
    );
    if (!engine) return;
    await engine.calls.settle(this.#queue.lastSeq()).catch(() => {});
    this.#queue.detach();
    await engine.calls.close().catch(() => {});
    engine.dispose();
  }

  /** What the calls that need the engine wait for; after close, they are refused rather than left hanging. */
  #ready(): Promise<Started> {
    if (this.#closed) return Promise.reject(new Error('Sidelog has been closed.'));
    return this.#whenStarted;
  }
}
