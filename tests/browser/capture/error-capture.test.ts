// Errors are raised as synthetic ErrorEvent / PromiseRejectionEvent on window: a real throw would
// also reach Vitest's own handler and fail the run.
import { afterEach, describe, expect, test } from 'vitest';
import { installErrorCapture } from '../../../app/logging/capture/error-capture.ts';
import { captureOptions, createRecordingTarget } from './recording-target.ts';

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

function install() {
  const recording = createRecordingTarget();
  undo = installErrorCapture(recording.target, captureOptions());
  return recording;
}

/** A pending promise: a rejected one would be a real unhandled rejection. */
const neverSettles = () => new Promise<never>(() => {});

describe('registerErrorHandler', () => {
  test('an uncaught error sends a crash with the lines Error, URL, Line and Stack', () => {
    const recording = install();
    const error = new TypeError('order is undefined');

    dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught TypeError: order is undefined',
        filename: 'http://shop.test/app.js',
        lineno: 42,
        colno: 7,
        error,
      }),
    );

    expect(recording.crashes).toEqual([
      {
        title: 'Uncaught TypeError: order is undefined',
        text: [
          'Error: Uncaught TypeError: order is undefined',
          'URL: http://shop.test/app.js',
          'Line: 42',
          `Stack: ${error.stack}`,
        ].join('\n'),
      },
    ]);
  });

  test('what the browser did not say is N/A', () => {
    const recording = install();

    dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    dispatchEvent(new ErrorEvent('error'));

    expect(recording.crashes).toEqual([
      { title: 'Script error.', text: 'Error: Script error.\nURL: N/A\nLine: N/A\nStack: N/A' },
      { title: 'Uncaught error', text: 'Error: N/A\nURL: N/A\nLine: N/A\nStack: N/A' },
    ]);
  });

  test('an unhandled rejection with an Error sends a crash with its message and stack', () => {
    const recording = install();
    const reason = new Error('payment service down');

    dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise: neverSettles(), reason }));

    expect(recording.crashes).toEqual([
      {
        title: 'payment service down',
        text: `Error: payment service down\nURL: N/A\nLine: N/A\nStack: ${reason.stack}`,
      },
    ]);
  });

  test('a rejection with something other than an Error still gives a readable crash', () => {
    const recording = install();

    dispatchEvent(
      new PromiseRejectionEvent('unhandledrejection', { promise: neverSettles(), reason: { code: 503, retry: false } }),
    );
    dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise: neverSettles(), reason: 'timed out' }));
    dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise: neverSettles(), reason: undefined }));

    expect(recording.crashes).toEqual([
      {
        title: 'Unhandled promise rejection: {"code":503,"retry":false}',
        text: 'Error: {"code":503,"retry":false}\nURL: N/A\nLine: N/A\nStack: N/A',
      },
      { title: 'Unhandled promise rejection: timed out', text: 'Error: timed out\nURL: N/A\nLine: N/A\nStack: N/A' },
      { title: 'Unhandled promise rejection: undefined', text: 'Error: undefined\nURL: N/A\nLine: N/A\nStack: N/A' },
    ]);
  });

  test('an image that fails to load is not a crash', async () => {
    const recording = install();
    const image = document.createElement('img');
    const failed = new Promise((resolve) => image.addEventListener('error', resolve, { once: true }));
    image.src = 'data:image/png;base64,broken';
    document.body.append(image);

    await failed;
    image.remove();

    expect(recording.crashes).toEqual([]);
  });

  test('a crash that cannot be sent does not raise another error', async () => {
    const recording = createRecordingTarget();
    const unhandled: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => unhandled.push(event.reason);
    addEventListener('unhandledrejection', onRejection);
    undo = installErrorCapture(
      { ...recording.target, sendCrash: () => Promise.reject(new Error('service down')) },
      captureOptions(),
    );

    dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    removeEventListener('unhandledrejection', onRejection);

    expect(unhandled).toEqual([]);
  });

  test('undo removes both handlers', () => {
    const recording = install();
    undo!();
    undo = undefined;
    // With no listener of the page's own left, Vitest would report these events as failures.
    const seen: string[] = [];
    const onEvent = (event: Event) => seen.push(event.type);
    addEventListener('error', onEvent);
    addEventListener('unhandledrejection', onEvent);

    dispatchEvent(new ErrorEvent('error', { message: 'after undo' }));
    dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise: neverSettles(), reason: 'after undo' }));
    removeEventListener('error', onEvent);
    removeEventListener('unhandledrejection', onEvent);

    expect(seen).toEqual(['error', 'unhandledrejection']);
    expect(recording.crashes).toEqual([]);
  });
});
