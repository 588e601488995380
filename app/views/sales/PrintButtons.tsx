// The print controls of a sales block: in a hidden frame, or in its own window with `printsale`.
import { config } from '../../config.ts';
import { openPrintWindow, printElement } from '../../print/index.ts';
import { PRINT_HIDDEN } from '../../print/print-classes.ts';
import { notify } from '../../toasts/notify.ts';

export function PrintButtons({ blockId, label }: { blockId: string; label: string }) {
  const stylesheets = config.printStylesheetURL ? [config.printStylesheetURL] : [];
  return (
    <div className={`${PRINT_HIDDEN.actionButtons} actions`}>
      <button
        type="button"
        className="button"
        aria-label={`Печать: ${label}`}
        onClick={() => {
          notify('Готовим документ к печати…', { type: 'info' });
          void printElement(blockId, { stylesheets });
        }}
      >
        Печать
      </button>
      <button
        type="button"
        className="button button-quiet"
        aria-label={`Открыть для печати в новом окне: ${label}`}
        onClick={() => void openPrintWindow(blockId, stylesheets)}
      >
        Открыть для печати
      </button>
    </div>
  );
}
