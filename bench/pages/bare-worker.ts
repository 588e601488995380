// The bare logger's worker: counts the calls in each buffer it is posted, and answers the count when asked.
let lines = 0;

self.onmessage = (event: MessageEvent<unknown[] | 'count'>) => {
  const buffer = event.data;
  if (buffer === 'count') {
    self.postMessage(lines);
    return;
  }
  for (let i = 0; i < buffer.length; i += 2 + (buffer[i + 1] as number)) lines++;
};
