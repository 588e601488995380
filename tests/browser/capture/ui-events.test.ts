import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { INPUT_DEBOUNCE_MS, installUIEvents } from '../../../app/logging/capture/ui-events.ts';
import { LogLevel, UI_EVENT_TAG } from '../../../protocol/index.ts';
import { captureOptions, createRecordingTarget } from './recording-target.ts';

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
  document.body.replaceChildren();
});

function install(options: Parameters<typeof captureOptions>[0] = {}) {
  const recording = createRecordingTarget();
  undo = installUIEvents(recording.target, captureOptions(options));
  return recording;
}

/** Puts markup of the test's own making on the page and returns the element with this id. */
function render<T extends HTMLElement>(markup: string, id: string): T {
  const container = document.createElement('div');
  container.id = 'page';
  container.innerHTML = markup;
  document.body.append(container);
  return document.getElementById(id) as T;
}

const LOGIN_FORM = `
  <form id="login">
    <label>Email <input id="email" type="email" placeholder="Адрес email"></label>
    <label>Password <input id="password" type="password"></label>
    <button id="enter">Войти</button>
  </form>`;

function stopSubmitting(form: HTMLFormElement) {
  form.addEventListener('submit', (event) => event.preventDefault());
}

describe('logUIEvents', () => {
  test('a click is recorded with the element tag, id, its text and a selector path', async () => {
    const recording = install();
    const button = render<HTMLButtonElement>(
      '<section class="card"><button id="save">Save  the\n order</button></section>',
      'save',
    );

    await userEvent.click(button);

    // A real click focuses the button first.
    expect(recording.events).toEqual([
      {
        level: LogLevel.Info,
        tag: UI_EVENT_TAG,
        text: JSON.stringify({
          event: 'focus',
          tag: 'button',
          id: 'save',
          text: 'Save the order',
          selector: 'button#save',
        }),
        time: undefined,
      },
      {
        level: LogLevel.Info,
        tag: UI_EVENT_TAG,
        text: JSON.stringify({
          event: 'click',
          tag: 'button',
          id: 'save',
          text: 'Save the order',
          selector: 'button#save',
        }),
        time: undefined,
      },
    ]);
  });

  test('an element without an id gets a selector path up to the nearest ancestor with one', async () => {
    const recording = install();
    render('<ul class="menu main"><li>Sales</li><li><a id="target-link">Stats</a></li></ul>', 'target-link');
    const link = document.getElementById('target-link')!;
    link.removeAttribute('id');

    await userEvent.click(link);

    const click = recording.parsed(UI_EVENT_TAG).find((event) => event.event === 'click');
    expect(click).toEqual({
      event: 'click',
      tag: 'a',
      text: 'Stats',
      selector: 'div#page > ul.menu.main > li:nth-of-type(2) > a',
    });
    expect(document.querySelector(click!.selector as string)).toBe(link);
  });

  test('the text is short: at most 80 characters', async () => {
    const recording = install();
    const long = 'Very long label '.repeat(30);
    const button = render<HTMLButtonElement>(`<button id="long">${long}</button>`, 'long');

    await userEvent.click(button);

    const text = recording.parsed(UI_EVENT_TAG).find((event) => event.event === 'click')!.text as string;
    expect(text.length).toBeLessThanOrEqual(80);
    expect(long.startsWith(text.slice(0, -1))).toBe(true);
  });

  // The engine redacts the label after the page cut it: a cut inside an address or a number would leave half of it,
  // which the rules no longer find.
  test.each([
    [
      'an address',
      'Если заказ задерживается, напишите менеджеру вашего региона на адрес',
      'manager@severny-bereg.example',
    ],
    ['a phone', 'Если заказ задерживается, позвоните менеджеру вашего региона по номеру', '+7 812 555-01-23'],
    ['a national phone', 'Если заказ задерживается, позвоните менеджеру вашего региона по номеру', '8 (812) 555-01-23'],
    ['a card', 'Оплата принята с карты, которую вы указали при оформлении заказа:', '4111 1111 1111 1111'],
  ])('a label cut at 80 characters is cut between words, leaving no part of %s', async (_, words, secret) => {
    const recording = install();
    const button = render<HTMLButtonElement>(`<button id="cut">${words} ${secret} сегодня</button>`, 'cut');

    await userEvent.click(button);

    const text = recording.parsed(UI_EVENT_TAG).find((event) => event.event === 'click')!.text as string;
    // The secret begins before the 80th character and ends after it.
    expect([words.length < 79, `${words} ${secret}`.length > 80]).toEqual([true, true]);
    expect(text).toBe(`${words}…`);
  });

  test('focus and blur are recorded as the user moves through a form', async () => {
    const recording = install();
    const email = render<HTMLInputElement>(LOGIN_FORM, 'email');

    await userEvent.click(email);
    await userEvent.tab();

    const events = recording.parsed(UI_EVENT_TAG).map(({ event, id }) => ({ event, id }));
    expect(events).toEqual([
      { event: 'focus', id: 'email' },
      { event: 'click', id: 'email' },
      { event: 'blur', id: 'email' },
      { event: 'focus', id: 'password' },
    ]);
    expect(recording.parsed(UI_EVENT_TAG)[0]).toEqual({
      event: 'focus',
      tag: 'input',
      id: 'email',
      text: 'Адрес email',
      selector: 'input#email',
    });
  });

  test("typing is recorded once per field when the user pauses, with the value's shape", async () => {
    const recording = install();
    const email = render<HTMLInputElement>(LOGIN_FORM, 'email');

    const typed = () => recording.parsed(UI_EVENT_TAG).filter((event) => event.event === 'input');

    // The pause is the capture's timer, run on a fake clock rather than waited for. (Whether the line is there before
    // it is not asked: the test page may lose focus meanwhile, and a blur records what was typed at once.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      await userEvent.type(email, 'partner@example.com');
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
      expect(typed()).toEqual([
        {
          event: 'input',
          tag: 'input',
          id: 'email',
          text: 'Адрес email',
          selector: 'input#email',
          value: '•••••••@•••••••.•••',
        },
      ]);
    } finally {
      vi.useRealTimers();
    }
    expect(recording.written()).not.toContain('partner');
    expect(recording.events.some((event) => event.verbatim)).toBe(false);
  });

  test('typing still waiting for a pause is recorded before the blur that ends it', async () => {
    const recording = install();
    const email = render<HTMLInputElement>(LOGIN_FORM, 'email');

    await userEvent.type(email, 'partner@');
    await userEvent.tab();

    const events = recording.parsed(UI_EVENT_TAG).map(({ event, id, value }) => ({ event, id, value }));
    expect(events).toEqual([
      { event: 'focus', id: 'email', value: undefined },
      { event: 'input', id: 'email', value: '•••••••@' },
      { event: 'blur', id: 'email', value: undefined },
      { event: 'focus', id: 'password', value: undefined },
    ]);
    // Dated when the user last typed, not when the line was written.
    const typed = recording.events.find((event) => JSON.parse(event.text).event === 'input')!;
    expect(typed.time).toBeTypeOf('number');
  });

  test('a form submit is recorded', async () => {
    const recording = install();
    const button = render<HTMLButtonElement>(LOGIN_FORM, 'enter');
    stopSubmitting(document.getElementById('login') as HTMLFormElement);

    await userEvent.click(button);

    expect(recording.parsed(UI_EVENT_TAG).map(({ event, tag, id }) => ({ event, tag, id }))).toEqual([
      { event: 'focus', tag: 'button', id: 'enter' },
      { event: 'click', tag: 'button', id: 'enter' },
      { event: 'submit', tag: 'form', id: 'login' },
    ]);
  });

  test("a password field's value appears nowhere in what was recorded", async () => {
    const recording = install();
    const password = render<HTMLInputElement>(LOGIN_FORM, 'password');
    const form = document.getElementById('login') as HTMLFormElement;
    stopSubmitting(form);
    const secret = 'hunter2-Very-Secret';

    await userEvent.type(password, secret);
    await userEvent.click(document.getElementById('enter')!);
    await userEvent.type(document.getElementById('email')!, 'x');
    undo!();
    undo = undefined;

    expect(password.value).toBe(secret);
    const typed = recording.parsed(UI_EVENT_TAG).filter((event) => event.event === 'input');
    expect(typed).toContainEqual({ event: 'input', tag: 'input', id: 'password', selector: 'input#password' });
    expect(recording.written()).not.toContain('hunter2');
    expect(recording.written()).not.toContain('Secret');
  });

  test('a field marked as a password by autofill keeps its value secret even as a text field', async () => {
    const recording = install();
    const field = render<HTMLInputElement>(
      '<input id="shown-password" type="text" autocomplete="current-password">',
      'shown-password',
    );

    await userEvent.type(field, 'visible-secret');
    await userEvent.tab();

    expect(recording.written()).not.toContain('visible-secret');
  });

  test('nothing is recorded from an element marked data-sidelog-ignore or inside one', async () => {
    const recording = install();
    render(
      `<div data-sidelog-ignore><form id="card"><input id="card-number"><button id="pay">Pay</button></form></div>
       <button id="ignored-button" data-sidelog-ignore>Hidden</button>`,
      'card',
    );
    stopSubmitting(document.getElementById('card') as HTMLFormElement);

    await userEvent.type(document.getElementById('card-number')!, '4111 1111 1111 1111');
    await userEvent.click(document.getElementById('pay')!);
    await userEvent.click(document.getElementById('ignored-button')!);
    undo!();
    undo = undefined;

    expect(recording.events).toEqual([]);
  });

  test('data-sidelog-unmask records that field as typed, for the engine to leave as it is', async () => {
    const recording = install();
    render(`<input id="search" data-sidelog-unmask><input id="name">`, 'search');

    await userEvent.type(document.getElementById('search')!, 'ORD-2024 ivan@shop.ru');
    await userEvent.type(document.getElementById('name')!, 'Иван Петров');
    await userEvent.tab();

    const typed = recording.events.filter((event) => JSON.parse(event.text).event === 'input');
    expect(typed.map((event) => [JSON.parse(event.text).value, event.verbatim])).toEqual([
      ['ORD-2024 ivan@shop.ru', true],
      ['•••• ••••••', undefined],
    ]);
  });

  test("recordInputValues: 'none' records no value, 'all' every value (for the engine's rules)", async () => {
    for (const [recordInputValues, value] of [
      ['none', undefined],
      ['all', 'Иван Петров'],
    ] as const) {
      const recording = install({ recordInputValues });
      const field = render<HTMLInputElement>('<input id="name">', 'name');
      await userEvent.type(field, 'Иван Петров');
      await userEvent.tab();
      undo!();
      undo = undefined;
      document.body.replaceChildren();

      const [typed] = recording.events.filter((event) => JSON.parse(event.text).event === 'input');
      expect(JSON.parse(typed.text).value).toBe(value);
      expect(typed.verbatim).toBeUndefined();
    }
  });

  test('a password, one-time code or card field is never read, even marked data-sidelog-unmask or with all', async () => {
    const recording = install({ recordInputValues: 'all' });
    render(
      `<input id="pw" type="password" data-sidelog-unmask>
       <input id="otp" autocomplete="one-time-code" data-sidelog-unmask>
       <input id="cc" autocomplete="cc-number" data-sidelog-unmask>
       <input id="exp" autocomplete="cc-exp">`,
      'pw',
    );

    for (const [id, typed] of [
      ['pw', 'hunter2-secret'],
      ['otp', '918273'],
      ['cc', '4111 1111 1111 1111'],
      ['exp', '12/29'],
    ]) {
      await userEvent.type(document.getElementById(id)!, typed);
    }
    await userEvent.tab();

    const inputs = recording.parsed(UI_EVENT_TAG).filter((event) => event.event === 'input');
    expect(inputs.map(({ id, value }) => ({ id, value }))).toEqual([
      { id: 'pw', value: undefined },
      { id: 'otp', value: undefined },
      { id: 'cc', value: undefined },
      { id: 'exp', value: undefined },
    ]);
    for (const typed of ['hunter2', '918273', '4111', '12/29']) expect(recording.written()).not.toContain(typed);
  });

  test('inside data-sidelog-private nothing of the element is read: not its value, id, selector or text', async () => {
    const recording = install({ recordInputValues: 'all' });
    render(
      `<section id="profile" data-sidelog-private>
         <label>Ivan Petrov <input id="private-phone" class="phone-field" placeholder="+7 912 345 67 89" data-sidelog-unmask></label>
         <button id="private-save">Save Ivan</button>
       </section>`,
      'profile',
    );

    await userEvent.type(document.getElementById('private-phone')!, '+7 912 000 00 00');
    await userEvent.click(document.getElementById('private-save')!);

    expect(recording.parsed(UI_EVENT_TAG)).toEqual([
      { event: 'focus', private: true },
      { event: 'input', private: true },
      { event: 'blur', private: true },
      { event: 'focus', private: true },
      { event: 'click', private: true },
    ]);
    for (const read of ['profile', 'phone', 'Ivan', 'Save', '912']) expect(recording.written()).not.toContain(read);
  });

  test("an element's label skips the private and editable parts inside it, and what is typed into an editable element", async () => {
    const recording = install();
    render(
      `<div id="card">Order <span data-sidelog-private>for Ivan Petrov</span> <span contenteditable>note by Ivan</span> shipped</div>
       <div id="editor" contenteditable title="Comment">typed by the user</div>`,
      'card',
    );

    // Clicked on the element itself (a pointer at its middle would land on one of its parts).
    document.getElementById('card')!.click();
    document.getElementById('editor')!.click();

    const clicks = recording.parsed(UI_EVENT_TAG).filter((event) => event.event === 'click');
    expect(clicks.map(({ id, text }) => ({ id, text }))).toEqual([
      { id: 'card', text: 'Order shipped' },
      { id: 'editor', text: 'Comment' },
    ]);
    expect(recording.written()).not.toContain('Ivan');
    expect(recording.written()).not.toContain('typed by');
  });

  test('undo stops recording', async () => {
    const recording = install();
    const button = render<HTMLButtonElement>('<button id="late">Later</button>', 'late');
    undo!();
    undo = undefined;

    await userEvent.click(button);

    expect(recording.events).toEqual([]);
  });
});
