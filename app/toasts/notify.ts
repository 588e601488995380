// The toast helper (spec §9): one call for the five types and six positions of react-toastify.
import { toast, type ToastPosition, type TypeOptions } from 'react-toastify';
import type { TOAST_POSITIONS, TOAST_TYPES } from '../../protocol/limits.ts';

export type ToastType = (typeof TOAST_TYPES)[number] & TypeOptions;
export type ToastPlace = (typeof TOAST_POSITIONS)[number] & ToastPosition;

export interface NotifyOptions {
  type?: ToastType;
  /** Defaults to the container's position (bottom-right). */
  position?: ToastPlace;
}

/** Shows a toast; returns its id. */
export function notify(message: string, { type = 'default', position }: NotifyOptions = {}) {
  return toast(message, { type, ...(position ? { position } : {}) });
}
