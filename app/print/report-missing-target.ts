// docs/portal.md#print: a missing print target is reported with an alert naming the element's id.
export function reportMissingTarget(id: string): void {
  alert('Element to print #' + id + ' not found!');
}
