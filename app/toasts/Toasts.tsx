// Where toasts appear: react-toastify's container with the portal's defaults (3000 ms, bottom-right, pause on hover:
// docs/portal.md#toasts).
import { ToastContainer } from 'react-toastify';
import { TOAST_DEFAULTS } from '../../portal/constants.ts';

export function Toasts() {
  return (
    <ToastContainer
      autoClose={TOAST_DEFAULTS.autoClose}
      position={TOAST_DEFAULTS.position}
      pauseOnHover={TOAST_DEFAULTS.pauseOnHover}
      closeButton
    />
  );
}
