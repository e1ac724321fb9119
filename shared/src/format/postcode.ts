// Swedish postcodes are stored as five digits ("42421") and written as people and the post write them ("424 21").

/** "42421" or "424 21" → "424 21"; anything that is not five digits is shown as it came. */
export function formatPostcode(postcode: string): string {
  const digits = postcode.replace(/\s+/g, '');
  return /^\d{5}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3)}` : postcode;
}

/** "Björkvägen 12, 424 21 Angered": an address on one line, as the product names a property. */
export function formatAddress(address: { street: string; postcode: string; city: string }): string {
  return `${address.street}, ${formatPostcode(address.postcode)} ${address.city}`;
}
