// The portal's constants (docs/portal.md): the login call's timeout, the print delay, the push plugin's set-up
// timeout, the session marker's lifetime, the toasts' defaults, types and positions, and the device key naming the
// partner.

export const LOGIN_TIMEOUT_MS = 10_000;
export const PRINT_DELAY_MS = 500;
export const PUSH_SETUP_TIMEOUT_MS = 30_000;
export const SESSION_DAYS_FORGOTTEN = 1;
export const TOAST_DEFAULTS = { autoClose: 3000, position: 'bottom-right', pauseOnHover: true } as const;
export const TOAST_TYPES = ['success', 'error', 'info', 'warning', 'default'] as const;
export const TOAST_POSITIONS = ['top-right', 'top', 'top-left', 'bottom-right', 'bottom', 'bottom-left'] as const;
/** The device key the portal attaches to Sidelog after sign-in, holding the partner's id: the demo app's identity key,
 * so that the explorer names a partner's sessions by it (docs/portal.md#session). */
export const PARTNER_DEVICE_KEY = 'user_id';
