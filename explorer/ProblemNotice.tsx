// What went wrong with something the viewer just did (saving a view, a reply, a status), announced at once as an
// alert, in the same words and role on every page; nothing when all went well. OutcomeNotice says either outcome.
export function ProblemNotice({ problem }: { problem: string | undefined }) {
  if (!problem) return null;
  return (
    <p className="notice-error" role="alert">
      {problem}
    </p>
  );
}

/** What came of something the viewer just did: its words, and whether it was refused. */
export interface Outcome {
  text: string;
  error: boolean;
}

/** An outcome shown: a success said as a status, a refusal announced as an alert. */
export function OutcomeNotice({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <p className={outcome.error ? 'notice-error' : 'muted'} role={outcome.error ? 'alert' : 'status'}>
      {outcome.text}
    </p>
  );
}
