// The published @bugfender/sdk, unmodified, initialised as its README says with the collector named in the query
// (?appKey&apiURL&baseURL), and exposed to the test on `window`. Its automatic browser and UI events are off so
// that a test can count exactly the lines it logged; everything else is as shipped.
import { Bugfender } from '@bugfender/sdk';

declare global {
  interface Window {
    Bugfender: typeof Bugfender;
    bugfenderReady: Promise<void>;
  }
}

// The SDK's feedback modal lives in a closed shadow root, which hides it from the test's selectors though not from
// a person; opening it lets the test type into the modal as a person would.
const attachShadow = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init: ShadowRootInit) {
  return attachShadow.call(this, { ...init, mode: 'open' });
};

const params = new URLSearchParams(location.search);
window.Bugfender = Bugfender;
window.bugfenderReady = Bugfender.init({
  appKey: params.get('appKey')!,
  apiURL: params.get('apiURL')!,
  baseURL: params.get('baseURL')!,
  printToConsole: false,
  overrideConsoleMethods: false,
  logBrowserEvents: false,
  logUIEvents: false,
  registerErrorHandler: false,
});
