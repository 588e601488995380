// Toasts (docs/portal.md#toasts): defaults 3000 ms, bottom-right, pause on hover; five types and six positions.
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { notify } from '../../../app/toasts/notify.ts';
import { Toasts } from '../../../app/toasts/Toasts.tsx';
import { TOAST_POSITIONS, TOAST_TYPES } from '../../../portal/constants.ts';
import { cleanUpPortal, render } from './render.tsx';

/** Runs the toast's own animations and transitions (coming in, going out) to their end rather than waiting for them;
 * its countdown, the progress bar's animation, is left alone. */
const runOwnAnimations = (toast: HTMLElement) => toast.getAnimations().forEach((animation) => animation.finish());

async function shownToast(message: string): Promise<HTMLElement> {
  await expect.element(page.getByText(message)).toBeVisible();
  return page.getByText(message).element().closest<HTMLElement>('.Toastify__toast')!;
}

beforeEach(async () => {
  render(<Toasts />);
  // The container subscribes to the toast queue once mounted.
  await expect.poll(() => document.querySelector('.Toastify')).not.toBeNull();
});

afterEach(() => {
  toast.dismiss();
  cleanUpPortal();
});

describe('notify', () => {
  test('by default a toast shows bottom-right for 3000 ms, pauses while hovered and then closes by itself', async () => {
    const message = 'Данные сохранены';
    notify(message);
    const shown = await shownToast(message);
    expect(shown.closest('.Toastify__toast-container')!.classList).toContain('Toastify__toast-container--bottom-right');
    expect(shown.classList).toContain('Toastify__toast--default');
    const progress = shown.querySelector<HTMLElement>('.Toastify__progress-bar')!;
    expect(progress.style.animationDuration).toBe('3000ms');
    // A toast also waits while the window has no focus, as a headless test page has not: give it focus.
    window.dispatchEvent(new FocusEvent('focus'));
    await expect.poll(() => progress.style.animationPlayState).toBe('running');
    runOwnAnimations(shown);
    await userEvent.hover(shown);
    await expect.poll(() => progress.style.animationPlayState).toBe('paused');
    await userEvent.unhover(shown);
    await expect.poll(() => progress.style.animationPlayState).toBe('running');
    // The 3000 ms are the progress bar's animation, whose end closes the toast: its clock is run to the end rather
    // than waited for, and so are the toast's going out and collapsing.
    const [countdown] = progress.getAnimations();
    expect(countdown.effect?.getTiming().duration).toBe(3000);
    countdown.finish();
    await expect
      .poll(() => {
        runOwnAnimations(shown);
        return shown.isConnected;
      })
      .toBe(false);
    await expect.element(page.getByText(message)).not.toBeInTheDocument();
  });

  test('each of the five types', async () => {
    for (const type of TOAST_TYPES) {
      notify(`Тип ${type}`, { type });
      const shown = await shownToast(`Тип ${type}`);
      expect(shown.classList).toContain(`Toastify__toast--${type}`);
    }
  });

  test('each of the six positions', async () => {
    for (const position of TOAST_POSITIONS) {
      notify(`Место ${position}`, { position });
      const shown = await shownToast(`Место ${position}`);
      // react-toastify names 'top' and 'bottom' top-center and bottom-center.
      const name = position === 'top' || position === 'bottom' ? `${position}-center` : position;
      expect(shown.closest('.Toastify__toast-container')!.classList).toContain(`Toastify__toast-container--${name}`);
    }
  });
});
