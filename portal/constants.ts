// The portal's constants (docs/portal.md): the login call's timeout, the print delay, the push plugin's set-up
// timeout, the session marker's lifetime and the toasts' defaults, types and positions.

export const LOGIN_TIMEOUT_MS = 10_000;
export const PRINT_DELAY_MS = 500;
export const PUSH_SETUP_TIMEOUT_MS = 30_000;
export const SESSION_DAYS_FORGOTTEN = 1;
export const TOAST_DEFAULTS = { autoClose: 3000, position: 'bottom-right', pauseOnHover: true } as const;
export const TOAST_TYPES = ['success', 'error', 'info', 'warning', 'default'] as const;
export const TOAST_POSITIONS = ['top-right', 'top', 'top-left', 'bottom-right', 'bottom', 'bottom-left'] as const;
