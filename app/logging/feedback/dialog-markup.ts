// The dialog's fixed markup and styles. No text from a caller or a user is ever part of this
// markup: texts are set afterwards with textContent and attributes.

export const DIALOG_MARKUP = `
<dialog class="dialog" data-dialog aria-labelledby="title" aria-describedby="hint">
  <div class="backdrop" data-backdrop></div>
  <div class="panel">
    <button type="button" class="close" data-close>&times;</button>
    <form class="form" data-form>
      <h2 class="title" id="title" data-title></h2>
      <p class="hint" id="hint" data-hint></p>
      <input class="field subject" data-subject type="text" required>
      <textarea class="field feedback" data-feedback required></textarea>
      <button type="submit" class="submit" data-submit></button>
    </form>
  </div>
</dialog>`;

// The page's styles stop at the shadow root; these custom properties let a page restyle the dialog.
export const DIALOG_CSS = `
:host { all: initial; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.dialog {
  position: fixed; inset: 0; width: 100%; height: 100%; max-width: none; max-height: none;
  margin: 0; padding: 0; border: 0; background: transparent; overflow: hidden;
}
.dialog[open] { display: grid; place-items: center; }
.dialog::backdrop { background: transparent; }
.backdrop { position: absolute; inset: 0; background: var(--sidelog-backdrop, rgba(0, 0, 0, 0.5)); }
.panel {
  position: relative; width: min(500px, calc(100% - 32px)); height: min(400px, calc(100% - 64px));
  background: var(--sidelog-background, #fff); color: var(--sidelog-color, #222);
  border-radius: 4px; box-shadow: 0 4px 12px rgba(0, 0, 0, 0.25);
  font: 16px/1.3 var(--sidelog-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
}
.close {
  position: absolute; top: 0; right: 0; width: 40px; height: 40px; z-index: 1;
  border: 0; background: none; font-size: 22px; cursor: pointer; color: inherit;
}
.form { position: absolute; inset: 0; display: flex; flex-direction: column; padding: 24px; overflow-y: auto; }
.title { margin: 0 0 16px; padding-right: 24px; font-size: 18px; font-weight: bold; }
.hint { margin: -8px 0 20px; }
.field {
  margin-bottom: 16px; padding: 8px; font: inherit; color: inherit;
  border: 1px solid #ccc; border-radius: 4px;
}
.feedback { flex-grow: 1; min-height: 64px; resize: none; }
.submit {
  padding: 8px 0; border: 0; border-radius: 4px; font: inherit; font-size: 18px; cursor: pointer;
  background: var(--sidelog-accent, #ff5060); color: #fff;
}
.submit:disabled { opacity: 0.6; cursor: progress; }
.close:focus-visible, .submit:focus-visible, .field:focus-visible { outline: 2px solid var(--sidelog-accent, #ff5060); }
`;
