/** Computes the GS1 check digit for the leading digits of a GTIN (any length up to 17). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  // GS1 weights alternate 3,1 starting from the rightmost digit of the body.
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `gtin` is 8, 12, 13 or 14 digits with a correct check digit. */
export function isValidGtin(gtin: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin)) return false;
  return gtinCheckDigit(gtin.slice(0, -1)) === Number(gtin.at(-1));
}

/** Builds a GTIN-13 from a 12-digit body by appending its check digit. */
export function makeGtin13(body12: string): string {
  return `${body12}${gtinCheckDigit(body12)}`;
}
