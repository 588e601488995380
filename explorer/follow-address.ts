// A form's fields follow the address where it changed, and only there: back and forward, a link or the zone switch
// move a field to the address's value, while a field typed and not yet applied keeps its text when another control
// applies (a level unticked, a type chosen).

/** The fields after the address went from `before` to `after` (each the fields as the address gives them). */
export function followAddress<T extends Record<string, string>>(draft: T, before: T, after: T): T {
  const next = { ...draft };
  for (const name of Object.keys(after) as (keyof T)[]) if (before[name] !== after[name]) next[name] = after[name];
  return next;
}
