// What went wrong with something the viewer just did (saving a view, a reply, a status), announced at once as an
// alert, in the same words and role on every page; nothing when all went well.
export function ProblemNotice({ problem }: { problem: string | undefined }) {
  if (!problem) return null;
  return (
    <p className="notice-error" role="alert">
      {problem}
    </p>
  );
}
