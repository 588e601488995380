// registerErrorHandler: uncaught errors and unhandled promise rejections are sent as crashes.
import { crashText, readableReason } from './crash-text.ts';
import type { InstallCapture } from './capture.types.ts';

const UNCAUGHT_TITLE = 'Uncaught error';
const REJECTION_TITLE = 'Unhandled promise rejection';

export const installErrorCapture: InstallCapture = (target) => {
  const send = (title: string, text: string) => {
    // A crash that cannot be sent must not raise another error in the page.
    target.sendCrash(title, text).catch(() => {});
  };

  // Listened to in the bubbling phase on window, so only script errors arrive here: a failed <img>
  // or <script> load fires a plain Event that does not bubble up to window.
  const onError = (event: Event) => {
    if (!(event instanceof ErrorEvent)) return;
    const error: unknown = event.error;
    const stack = error instanceof Error ? error.stack : undefined;
    send(
      event.message || UNCAUGHT_TITLE,
      crashText({
        message: event.message || (error === undefined ? undefined : readableReason(error)),
        url: event.filename,
        line: event.lineno,
        stack,
      }),
    );
  };

  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    const message = readableReason(reason);
    send(
      reason instanceof Error && message ? message : `${REJECTION_TITLE}: ${message}`,
      crashText({ message, stack: reason instanceof Error ? reason.stack : undefined }),
    );
  };

  addEventListener('error', onError, { passive: true });
  addEventListener('unhandledrejection', onRejection, { passive: true });
  return () => {
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onRejection);
  };
};
