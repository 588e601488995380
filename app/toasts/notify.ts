// The toast helper (docs/portal.md#toasts): one call for the five types and six positions of docs/portal.md#toasts.
import { toast, type ToastPosition } from 'react-toastify';
import type { TOAST_POSITIONS, TOAST_TYPES } from '../../portal/constants.ts';

type ToastType = (typeof TOAST_TYPES)[number];
type ToastPlace = (typeof TOAST_POSITIONS)[number];

/** The portal's 'top' and 'bottom' (docs/portal.md#toasts) are react-toastify's centred positions. */
const PLACES: Record<ToastPlace, ToastPosition> = {
  'top-right': 'top-right',
  top: 'top-center',
  'top-left': 'top-left',
  'bottom-right': 'bottom-right',
  bottom: 'bottom-center',
  'bottom-left': 'bottom-left',
};

interface NotifyOptions {
  type?: ToastType;
  /** Defaults to the container's position (bottom-right). */
  position?: ToastPlace;
}

/** Shows a toast; returns its id. */
export function notify(message: string, { type = 'default', position }: NotifyOptions = {}) {
  return toast(message, { type, ...(position ? { position: PLACES[position] } : {}) });
}
