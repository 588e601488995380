import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { installCaptures } from '../../../app/logging/capture/index.ts';
import { BROWSER_EVENT_TAG, UI_EVENT_TAG } from '../../../protocol/index.ts';
import { captureOptions, createRecordingTarget } from './recording-target.ts';

const NONE = {
  overrideConsoleMethods: false,
  registerErrorHandler: false,
  logBrowserEvents: false,
  logUIEvents: false,
};
const startURL = location.href;

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
  vi.restoreAllMocks();
  document.body.replaceChildren();
  history.replaceState(null, '', startURL);
});

function pageWithButton() {
  const button = document.createElement('button');
  button.textContent = 'Go';
  document.body.append(button);
  return button;
}

describe('installCaptures', () => {
  test('with the default options every capture is on', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const recording = createRecordingTarget();
    const options = captureOptions();
    const installed = installCaptures(recording.target, options);
    undo = installed.undo;
    await installed.ready;
    const button = pageWithButton();

    console.info('from the console');
    dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    history.pushState(null, '', '?next');
    await userEvent.click(button);

    expect(options).toMatchObject({
      overrideConsoleMethods: true,
      registerErrorHandler: true,
      logBrowserEvents: true,
      logUIEvents: true,
    });
    // (Vitest's own error catcher then prints the ErrorEvent with console.error, captured too.)
    expect(recording.records[0]!.parts).toEqual(['from the console']);
    expect(recording.crashes.map((crash) => crash.title)).toEqual(['boom']);
    expect(recording.parsed(BROWSER_EVENT_TAG).map((event) => event.event)).toContain('pushState');
    expect(recording.parsed(UI_EVENT_TAG).map((event) => event.event)).toContain('click');
  });

  test('each option switched off leaves its part of the page alone', async () => {
    const { log } = console;
    const { pushState } = history;
    const recording = createRecordingTarget();
    const seen: string[] = [];
    const onError = (event: Event) => seen.push(event.type);
    addEventListener('error', onError);
    const installed = installCaptures(recording.target, captureOptions(NONE));
    undo = installed.undo;
    await installed.ready;
    const button = pageWithButton();

    dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    history.pushState(null, '', '?next');
    await userEvent.click(button);
    removeEventListener('error', onError);

    expect(console.log).toBe(log);
    expect(history.pushState).toBe(pushState);
    expect(seen).toEqual(['error']);
    expect(recording.crashes).toEqual([]);
    expect(recording.events).toEqual([]);
  });

  test('one undo takes every capture away', async () => {
    const { log, warn } = console;
    const { pushState } = history;
    const recording = createRecordingTarget();
    const installed = installCaptures(recording.target, captureOptions());
    await installed.ready;
    installed.undo();
    const button = pageWithButton();
    const seen: string[] = [];
    const onError = (event: Event) => seen.push(event.type);
    addEventListener('error', onError);

    dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    await userEvent.click(button);
    removeEventListener('error', onError);

    expect(console.log).toBe(log);
    expect(console.warn).toBe(warn);
    expect(history.pushState).toBe(pushState);
    expect(recording.crashes).toEqual([]);
    expect(recording.events.filter((event) => event.tag === UI_EVENT_TAG)).toEqual([]);
  });

  test('undone while still loading, no capture is ever installed', async () => {
    const { log } = console;
    const { pushState } = history;
    const recording = createRecordingTarget();
    const installed = installCaptures(recording.target, captureOptions());
    installed.undo();
    await installed.ready;

    expect(console.log).toBe(log);
    expect(history.pushState).toBe(pushState);
  });
});
