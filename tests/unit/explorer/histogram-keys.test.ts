// The histogram's zoom from the keyboard, as the pointer's drag does it: arrows choose a bar, Shift and an arrow widen
// the choice, Enter makes its span the range, Escape lets it go.
import { describe, expect, test } from 'vitest';
import { barsAfterKey } from '../../../explorer/logs/histogram-keys.ts';

const press = (keys: [string, boolean?][], bars = 10) =>
  keys.reduce<ReturnType<typeof barsAfterKey>>(
    (state, [key, shift = false]) => barsAfterKey(state.chosen, key, shift, bars),
    { chosen: null, handled: true },
  );

describe('the histogram from the keyboard', () => {
  test('arrows move one bar, from the first (right) or the last (left), and stop at the ends', () => {
    expect(press([['ArrowRight']]).chosen).toEqual({ start: 0, end: 0 });
    expect(press([['ArrowLeft']]).chosen).toEqual({ start: 9, end: 9 });
    expect(press([['ArrowRight'], ['ArrowRight'], ['ArrowLeft']]).chosen).toEqual({ start: 0, end: 0 });
    expect(press([['ArrowLeft'], ['ArrowRight']]).chosen).toEqual({ start: 9, end: 9 });
    expect(press([['ArrowRight'], ['End']]).chosen).toEqual({ start: 9, end: 9 });
  });

  test('Shift widens from where the choice started; Enter applies the span, low to high; Escape clears', () => {
    expect(press([['ArrowRight'], ['ArrowRight'], ['ArrowRight', true], ['ArrowRight', true]]).chosen).toEqual({
      start: 1,
      end: 3,
    });
    expect(press([['End'], ['ArrowLeft', true], ['ArrowLeft', true], ['Enter']])).toEqual({
      chosen: null,
      handled: true,
      apply: { low: 7, high: 9 },
    });
    expect(press([['ArrowRight'], ['Escape']]).chosen).toBeNull();
    expect(press([['Enter']]).apply).toBeUndefined();
    expect(press([['a']]).handled).toBe(false);
  });
});
