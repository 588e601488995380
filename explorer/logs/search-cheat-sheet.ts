// The search box's cheat sheet: each form of the query language with an example, shown beside the search box
// (explorer/logs/SearchHelp.tsx) and in docs/explorer.md#search; tests run every example on both stores.
export const CHEAT_SHEET: readonly { example: string; meaning: string }[] = [
  { example: 'gateway', meaning: 'the whole word in the text, in any case (indexed: fast)' },
  {
    example: '*artner*',
    meaning: 'a fragment, inside words too, in the text, file, method, URL or tag (read log by log)',
  },
  { example: 'client.ts', meaning: 'not one word (a dot, a slash…): a fragment too' },
  { example: '"bad gateway"', meaning: 'a phrase: these words one after the other' },
  { example: '-gateway', meaning: 'without the word' },
  { example: '-"health check"', meaning: 'without the phrase' },
  { example: 'timeout OR refused', meaning: 'either; OR joins the terms either side of it' },
  { example: 'level:error', meaning: 'the level: debug, warning, error, trace, info or fatal' },
  { example: 'tag:net', meaning: 'the tag, exactly' },
  { example: 'file:client', meaning: 'the file contains it' },
  { example: 'method:send', meaning: 'the method contains it' },
  { example: 'url:/cabinet', meaning: 'the URL contains it' },
  { example: 'device:iphone-15', meaning: "the device's udid" },
  { example: 'session:9f1c2d7a', meaning: "the session's uid" },
  { example: 'version:2.1.0', meaning: "the session's app version" },
  { example: 'language:en-GB', meaning: "the session's language" },
  { example: 'key.email:ann@example.com', meaning: 'devices whose key has this value' },
  { example: 'status:502', meaning: 'network lines of this status; a class too: status:5xx' },
  { example: 'duration>800', meaning: 'network lines slower than 800 ms; also >=, <, <= and duration:800' },
  {
    example: '@status>=500',
    meaning: "a field of the text's JSON or key=value pairs: @event:click, @user.id:7, @duration:[100 TO 800]",
  },
  { example: 'level:error -client.ts', meaning: 'terms side by side must all match' },
  { example: 'level:error (timeout OR refused)', meaning: 'parentheses group terms, and nest' },
  { example: '-(tag:net OR level:debug)', meaning: 'without any of the group' },
];
