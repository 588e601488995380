// The buttons under a list read a page at a time: back to the first page, and on to the next, each shown only when
// it leads somewhere. The page is in the address, so each is a link someone can share.
interface PagerStep {
  label: string;
  go(): void;
}

export function Pager({ back, forward }: { back?: PagerStep | false; forward?: PagerStep | false }) {
  return (
    <div className="actions">
      {back ? (
        <button type="button" className="button" onClick={back.go}>
          {back.label}
        </button>
      ) : null}
      {forward ? (
        <button type="button" className="button" onClick={forward.go}>
          {forward.label}
        </button>
      ) : null}
    </div>
  );
}
