// The check digits that tell a card number or an IBAN from any other run of digits (docs/privacy.md#built-ins).

/** Luhn's check over a string of digits: what every payment card number passes, and 9 in 10 other numbers fail. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let doubled = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let digit = digits.charCodeAt(i) - 48;
    if (doubled) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    doubled = !doubled;
  }
  return sum % 10 === 0;
}

/** ISO 13616's check: the country and check digits moved to the end, letters as 10 to 35, the number mod 97 is 1. */
export function passesIbanCheck(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (let i = 0; i < moved.length; i++) {
    const code = moved.charCodeAt(i);
    // Digits add one decimal place, letters (A = 10 … Z = 35) two.
    if (code >= 48 && code <= 57) remainder = (remainder * 10 + code - 48) % 97;
    else if (code >= 65 && code <= 90) remainder = (remainder * 100 + code - 55) % 97;
    else return false;
  }
  return remainder === 1;
}
