// Sidelog's options: their type, defaults and validation (docs/api.md#options, docs/errors.md#options).
import { resolveOtlp, type OtlpConfig, type OtlpOptions } from './otlp-options.ts';
import { resolveRedact, type RedactConfig, type RedactOption } from './redact/redact-options.ts';

/** What a UI event records of a typed value (docs/privacy.md#typed-values). */
const RECORD_INPUT_VALUES = ['masked', 'none', 'all'] as const;
export type RecordInputValues = (typeof RECORD_INPUT_VALUES)[number];

/** Which of the page's requests are recorded (docs/api.md#network-requests). */
const LOG_NETWORK_REQUESTS = ['all', 'failures', false] as const;
export type LogNetworkRequests = (typeof LOG_NETWORK_REQUESTS)[number];

// tests/unit/api-docs.test.ts holds each option's comment, init's defaults and docs/api.md's table alike.
/** Sidelog's options (docs/api.md#options). Each says its default, as `init` fills it in; only `appKey` is required. */
export interface SidelogOptions {
  /** The app's key on the logging service. Required. */
  appKey: string;
  /** Base URL of the logging service's API, http or https. Default: the page's origin + `/sidelog/api`. */
  apiURL?: string;
  /** Base URL of the service's pages (issue, session and device links), http or https. Default: the page's origin +
   * `/sidelog`. */
  baseURL?: string;
  /** The app's build, sent with each session; blank takes the default. Default: `'0'`. */
  build?: string;
  /** The app's version, sent with each session; blank takes the default. Default: `'0.0.0'`. */
  version?: string;
  /** The device's name on the service. Default: the browser and system, from the user-agent data. */
  deviceName?: string;
  /** Print Sidelog's own failures to the console. Default: `false`. */
  debug?: boolean;
  /** Log the page's own `console` calls too. Default: `true`. */
  overrideConsoleMethods?: boolean;
  /** Print Sidelog's log calls to the console as well. Default: `true`. */
  printToConsole?: boolean;
  /** Log load, DOMContentLoaded, history and hash changes. Default: `true`. */
  logBrowserEvents?: boolean;
  /** Log clicks, focus, blur, submits and typing (what is typed as its shape: `recordInputValues`). Default: `true`. */
  logUIEvents?: boolean;
  /** The page's fetch, XMLHttpRequest and sendBeacon calls: every one, those that failed, or none. Default:
   * `'failures'`. */
  logNetworkRequests?: LogNetworkRequests;
  /** LCP, INP, CLS, FCP and TTFB, one line per page view. Default: `true`. */
  logWebVitals?: boolean;
  /** Send uncaught errors and unhandled rejections as crashes. Default: `true`. */
  registerErrorHandler?: boolean;
  /** Capture file, line and method for every level, not only Warning, Error, Trace and Fatal. Default: `false`. */
  captureCallSite?: boolean;
  /** What a UI event records of what is typed: its shape, nothing, or the value through the redaction rules. Default:
   * `'masked'`. */
  recordInputValues?: RecordInputValues;
  /** The app's redaction rules, and which built-ins run. Default: every built-in detector, no rule of the app's. */
  redact?: RedactOption;
  /**
   * Where the host serves Sidelog's worker script itself (a CDN in front of the site, a strict CSP): a URL of the
   * page's own origin, absolute or relative to the page. Default: the worker file beside Sidelog's code.
   */
  workerURL?: string;
  /** Upload to this OTLP/HTTP endpoint instead of the logging service (docs/opentelemetry.md#sidelog-uploads-otlp).
   * Default: none. */
  otlp?: OtlpOptions;
}

/** Every option filled in, but `workerURL`, which is absent unless given, and `otlp`, filled in only when given;
 * `redact` as the plain data that travels to the engine. */
export type ResolvedOptions = Required<Omit<SidelogOptions, 'workerURL' | 'otlp' | 'redact'>> &
  Pick<SidelogOptions, 'workerURL'> & { otlp?: OtlpConfig; redact: RedactConfig };

const STRING_OPTIONS = ['appKey', 'apiURL', 'baseURL', 'build', 'deviceName', 'version', 'workerURL'] as const;
const URL_OPTIONS = ['apiURL', 'baseURL'] as const;
const BOOLEAN_OPTIONS = [
  'debug',
  'overrideConsoleMethods',
  'printToConsole',
  'logBrowserEvents',
  'logUIEvents',
  'logWebVitals',
  'registerErrorHandler',
  'captureCallSite',
] as const;
/** Blank values of these are dropped so that the defaults apply. */
const DEFAULTED_WHEN_BLANK = ['build', 'version'] as const;

const DEFAULT_OPTIONS = {
  build: '0',
  version: '0.0.0',
  debug: false,
  overrideConsoleMethods: true,
  printToConsole: true,
  logBrowserEvents: true,
  logUIEvents: true,
  logNetworkRequests: 'failures',
  logWebVitals: true,
  registerErrorHandler: true,
  captureCallSite: false,
  recordInputValues: 'masked',
} as const satisfies Partial<SidelogOptions>;

const API_PATH = '/sidelog/api';
const BASE_PATH = '/sidelog';

const URL_PATTERN = /^https?:\/\//i;

/**
 * Checks options as docs/api.md#options says and returns them without undefined entries
 * and without blank build or version. Throws the texts of docs/errors.md#options.
 */
export function validateOptions(input: unknown): SidelogOptions {
  const options = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  if (options.appKey === undefined || options.appKey === null || options.appKey === '') {
    throw new Error("Sidelog requires 'appKey' option to initialize.");
  }
  for (const name of STRING_OPTIONS) {
    if (options[name] !== undefined && typeof options[name] !== 'string') {
      throw new Error(`'${name}' option must be a string.`);
    }
  }
  for (const name of URL_OPTIONS) {
    const value = options[name];
    if (typeof value === 'string' && !URL_PATTERN.test(value)) {
      throw new Error(`'${name}' option must be a valid URL.`);
    }
  }
  for (const name of BOOLEAN_OPTIONS) {
    if (options[name] !== undefined && typeof options[name] !== 'boolean') {
      throw new Error(`'${name}' option must be a boolean.`);
    }
  }
  resolveOtlp(options.otlp);
  if (
    options.recordInputValues !== undefined &&
    !(RECORD_INPUT_VALUES as readonly unknown[]).includes(options.recordInputValues)
  ) {
    throw new Error("'recordInputValues' option must be one of 'masked', 'none' or 'all'.");
  }
  if (
    options.logNetworkRequests !== undefined &&
    !(LOG_NETWORK_REQUESTS as readonly unknown[]).includes(options.logNetworkRequests)
  ) {
    throw new Error("'logNetworkRequests' option must be 'all', 'failures' or false.");
  }
  resolveRedact(options.redact);
  const valid: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined) valid[name] = value;
  }
  for (const name of DEFAULTED_WHEN_BLANK) {
    if (typeof valid[name] === 'string' && (valid[name] as string).trim() === '') delete valid[name];
  }
  return valid as unknown as SidelogOptions;
}

/** What the page knows that the defaults depend on. */
interface OptionEnvironment {
  /** The page's origin, e.g. 'http://127.0.0.1:8080'. */
  origin: string;
  /** A readable name of this browser and system. */
  deviceName: string;
}

/** Validates and fills every option in, trimming trailing slashes from the URLs. */
export function resolveOptions(input: unknown, env: OptionEnvironment): ResolvedOptions {
  const valid = validateOptions(input);
  const resolved: ResolvedOptions = {
    ...DEFAULT_OPTIONS,
    apiURL: env.origin + API_PATH,
    baseURL: env.origin + BASE_PATH,
    deviceName: env.deviceName,
    ...valid,
    otlp: resolveOtlp(valid.otlp),
    redact: resolveRedact(valid.redact),
  };
  resolved.apiURL = resolved.apiURL.replace(/\/+$/, '');
  resolved.baseURL = resolved.baseURL.replace(/\/+$/, '');
  return resolved;
}

export function validateDeviceKey(key: unknown): asserts key is string {
  if (typeof key !== 'string') throw new Error("The device-key 'key' must be a string.");
}

export function validateTitle(title: unknown): asserts title is string {
  if (typeof title !== 'string') throw new Error("The crash/issue/feedback 'title' must be a string.");
}
