// The built-in detectors (docs/privacy.md#built-ins). Each is a regular expression that finds candidates, and, where a
// pattern alone would take too much, a check of the candidate in code (check digits, the words of a parameter's name).
// All of them run as one combined pattern (protocol/redact/redactor.ts), so every source here must hold no capturing
// group and must do bounded work at each position of the text (docs/privacy.md#cost): an unbounded repetition comes
// only after a lookbehind that lets a candidate start once per word, or after a character that starts few.
import { passesIbanCheck, passesLuhn } from './checksums.ts';
import type { BuiltInName } from './redact-options.ts';

/** What to replace, [start, end) in the text. */
type Span = readonly [start: number, end: number];

export interface Detector {
  name: BuiltInName;
  /** A source for the flags g and u, without capturing groups. */
  source: string;
  /** The span to replace, given the candidate found at `index`; undefined leaves it. Without it, the whole candidate.
   * `floor`: where the text not yet replaced starts (a span may reach back before `index`, not before `floor`). */
  span?(text: string, index: number, candidate: string, floor: number): Span | undefined;
}

/** Letters, digits and _ of any script: what may not touch a number or a token for it to count as one. */
const WORD = String.raw`[\p{L}\p{N}_]`;

// Email: found at its @ (a text has few), the domain matched forward, the local part taken backwards in code. A domain
// is labels of letters, digits and -, and ends in a top-level domain of letters; the local part is every character
// an address may hold before the @. `a@b`, `user@localhost`, `pkg@1.2.3` and `icon@2x.png` are no addresses.
const LABEL = String.raw`[\p{L}\p{N}][\p{L}\p{N}-]{0,62}`;
const ASSET_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'webp',
  'avif',
  'ico',
  'js',
  'mjs',
  'cjs',
  'ts',
  'tsx',
  'jsx',
  'css',
  'map',
  'json',
  'html',
  'htm',
  'wasm',
  'woff',
  'woff2',
]);
const LOCAL_PART = /[\p{L}\p{N}._%+-]/u;

function isLocalPart(code: number, char: string): boolean {
  if (code < 128) {
    // a-z, A-Z, 0-9, and . _ % + -
    return (
      (code >= 97 && code <= 122) ||
      (code >= 65 && code <= 90) ||
      (code >= 48 && code <= 57) ||
      code === 46 ||
      code === 95 ||
      code === 37 ||
      code === 43 ||
      code === 45
    );
  }
  return LOCAL_PART.test(char);
}

const email: Detector = {
  name: 'email',
  source: String.raw`@${LABEL}(?:\.${LABEL}){0,8}\.\p{L}{2,24}(?![\p{L}\p{N}_-])`,
  span(text, index, candidate, floor) {
    // Backwards to the first character no address holds: an @ is one, so each character is read once over the text.
    let start = index;
    while (start > floor && isLocalPart(text.charCodeAt(start - 1), text[start - 1])) start--;
    while (start < index && text[start] === '.') start++;
    if (start === index) return undefined;
    if (ASSET_EXTENSIONS.has(candidate.slice(candidate.lastIndexOf('.') + 1).toLowerCase())) return undefined;
    return [start, index + candidate.length];
  },
};

// Card: 13 to 19 digits, in groups split by single spaces or dashes, starting with 2 to 6 (Mir, Visa, Mastercard,
// Amex, Discover, JCB, UnionPay, Maestro), with a Luhn check. Not a decimal's fraction, not a longer number. A group
// that follows the number (an expiry's month, say) may be read as its last: then it is tried without it, and so on.
const card: Detector = {
  name: 'card',
  source: String.raw`(?<!${WORD}|\d[.,-])[2-6]\d(?:[ -]?\d){11,17}(?!${WORD}|[.,-]\d)`,
  span(_text, index, candidate) {
    for (let number = candidate; ;) {
      const digits = number.replace(/[ -]/g, '');
      if (digits.length < 13) return undefined;
      if (passesLuhn(digits)) return [index, index + number.length];
      const cut = Math.max(number.lastIndexOf(' '), number.lastIndexOf('-'));
      if (cut < 0) return undefined;
      number = number.slice(0, cut);
    }
  },
};

// IBAN: a country's two capitals, two check digits and 11 to 30 capitals or digits, written together or in groups
// of four; checked mod 97. A group that follows the IBAN (a currency, say) may be read as its last: then it is tried
// without it.
const IBAN_GROUPED = String.raw`(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,4})?`;

function isIban(candidate: string): boolean {
  const compact = candidate.replaceAll(' ', '');
  return compact.length >= 15 && compact.length <= 34 && passesIbanCheck(compact);
}

const iban: Detector = {
  name: 'iban',
  source: String.raw`(?<!${WORD})[A-Z]{2}\d{2}(?:[A-Z0-9]{11,30}|${IBAN_GROUPED})(?!${WORD})`,
  span(_text, index, candidate) {
    if (isIban(candidate)) return [index, index + candidate.length];
    const shorter = candidate.slice(0, candidate.lastIndexOf(' '));
    return shorter.length > 4 && isIban(shorter) ? [index, index + shorter.length] : undefined;
  },
};

// JWT (a signed one): a header and a payload of base64url JSON (both start `eyJ`, for `{"`), and a signature.
const jwt: Detector = {
  name: 'jwt',
  source: String.raw`(?<![\w-])eyJ[\w-]{10,}\.eyJ[\w-]{2,}\.[\w-]*`,
};

// Credentials of the Authorization header's Bearer and Basic schemes: the scheme stays, the token goes. A token is
// 8 characters or more, and holds a digit, + / or =, or has 20 characters: so 'Basic plan' and 'bearer of news' stay.
const TOKEN_START = /[ \t]+/;

const credential: Detector = {
  name: 'credential',
  source: String.raw`(?<!${WORD})(?:[Bb]earer|BEARER|[Bb]asic|BASIC)[ \t]+[A-Za-z0-9._~+/-]+=*`,
  span(_text, index, candidate) {
    const gap = TOKEN_START.exec(candidate)!;
    const start = gap.index + gap[0].length;
    const token = candidate.slice(start);
    const looksRandom = /[\d+/=]/.test(token) || token.length >= 20;
    return token.length >= 8 && looksRandom ? [index + start, index + candidate.length] : undefined;
  },
};

// Secrets by their name: the value of a URL's query (or fragment) parameter, or of a JSON string member, whose name
// says it holds one. Names are read as words (snake_case, kebab-case, camelCase): `api_key` and `apiKey` are secret,
// `keyboard` and `zipcode` not. JSON holds more names that are no secret (`"key":"user_id"`, `"code":"ENOENT"`), so
// there `key`, `code`, `session`, `sid`, `sig` and `auth` count only in a longer name (`apiKey`, `sessionId`).
const STRONG_WORDS = [
  'token',
  'apikey',
  'password',
  'passwd',
  'pwd',
  'pass',
  'secret',
  'authorization',
  'otp',
  'pin',
  'jwt',
  'credential',
  'credentials',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'clientsecret',
  'privatekey',
  'signature',
  'cvv',
  'cvc',
  'sessionid',
];
const WEAK_WORDS = ['key', 'code', 'session', 'sid', 'sig', 'auth'];
const STRONG = new Set(STRONG_WORDS);
const URL_NAMES = new Set([...STRONG_WORDS, ...WEAK_WORDS]);
const WEAK = new Set(WEAK_WORDS);

/** `X-Amz-Signature` → x, amz, signature; `sessionId` → session, id. */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Every secret name holds one of these: most names (`event`, `id`, `page`) are let go without being split. */
const MAY_BE_SECRET = /token|key|pass|pwd|secret|auth|otp|pin|jwt|credential|sig|cvv|cvc|session|code|sid/i;

function isSecretName(name: string, where: 'url' | 'json'): boolean {
  if (!MAY_BE_SECRET.test(name)) return false;
  const words = wordsOf(name);
  if (where === 'url') return words.some((word) => URL_NAMES.has(word));
  return words.some((word) => STRONG.has(word) || (WEAK.has(word) && words.length > 1));
}

// Only the name is matched: most names are no secret, and a candidate refused is then short to search again. The value
// is read in code, up to the character that ends it.
const URL_PARAMETER = String.raw`[?&;#][\w.\[\]%-]{1,64}=`;
const JSON_MEMBER = String.raw`"[\w.-]{1,64}"[ \t]*:[ \t]*"`;
const URL_VALUE_END = /[&#\s"'<>()[\]]/;
const JSON_VALUE_MAX = 4096;

/** A stack frame's line and column after a script's URL (`app.js?token=…:12:3`): not part of the value. */
const LINE_AND_COLUMN = /(?::\d+){1,2}$/;

/** Where a URL parameter's value that starts at `from` ends. */
function urlValueEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && !URL_VALUE_END.test(text[end])) end++;
  const place = LINE_AND_COLUMN.exec(text.slice(from, end));
  return place ? from + place.index : end;
}

/** Where the JSON string whose content starts at `from` closes (its closing quote), or -1 past JSON_VALUE_MAX. */
function jsonStringEnd(text: string, from: number): number {
  const last = Math.min(text.length, from + JSON_VALUE_MAX + 1);
  for (let end = from; end < last; end++) {
    const char = text[end];
    if (char === '"') return end;
    if (char === '\\') end++;
    else if (char === '\n') return -1;
  }
  return -1;
}

const secret: Detector = {
  name: 'secret',
  source: `${URL_PARAMETER}|${JSON_MEMBER}`,
  span(text, index, candidate) {
    const start = index + candidate.length;
    if (candidate[0] === '"') {
      if (!isSecretName(candidate.slice(1, candidate.indexOf('"', 1)), 'json')) return undefined;
      const end = jsonStringEnd(text, start);
      return end > start ? [start, end] : undefined;
    }
    if (!isSecretName(candidate.slice(1, -1), 'url')) return undefined;
    const end = urlValueEnd(text, start);
    return end > start ? [start, end] : undefined;
  },
};

// Phone numbers in international form: a + and 8 to 15 digits (E.164), split by spaces, dots, dashes or brackets.
const INTERNATIONAL = String.raw`(?<![\p{L}\p{N}_+])\+\d(?:[ .-]?\(?\d\)?){7,14}(?!${WORD})`;
// And the Russian national form the cabinet's partners write, `8 (912) 345-67-89`: a trunk 8 or 7 and a three-digit
// code, or the code bracketed, then seven digits. The code's first digit (3, 4, 7, 8 or 9, as Russia's and Kazakhstan's
// codes start) tells it from a list of numbers (`sizes 8 128 256 64 32`); after a bare code the seven must be three,
// two and two split by a space or a dash, which tells it from an order number (a plain `89123456789` is left), where
// the brackets already do (`8(912)3456789`). Other countries' national forms and a run of more groups are left.
const NATIONAL_START = String.raw`(?:[\p{L}\p{N}_+]|\d[ .-])`;
const CODE = String.raw`[34789]\d\d`;
const SEVEN = String.raw`\d{3}[ -]?\d{2}[ -]?\d{2}`;
const SEVEN_GROUPED = String.raw`\d{3}[ -]\d{2}[ -]\d{2}`;
const NATIONAL =
  String.raw`(?:[78](?<!${NATIONAL_START}.)[ -]?(?:\(${CODE}\)[ -]?${SEVEN}|${CODE}[ -]?${SEVEN_GROUPED})` +
  String.raw`|\((?<!${NATIONAL_START}.)${CODE}\)[ -]?${SEVEN})(?!${WORD}|[ .-]\d)`;
const phone: Detector = { name: 'phone', source: `${INTERNATIONAL}|${NATIONAL}` };

/** Every built-in, in the order they are tried where two could start at one position. */
export const DETECTORS: readonly Detector[] = [email, card, iban, jwt, credential, secret, phone];
