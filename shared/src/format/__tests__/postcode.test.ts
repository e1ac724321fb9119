import { formatAddress, formatPostcode } from '../postcode';

describe('postcodes as they are written', () => {
  it('writes five digits as "424 21", however they were stored or typed', () => {
    expect(formatPostcode('42421')).toBe('424 21');
    expect(formatPostcode('424 21')).toBe('424 21');
    expect(formatPostcode(' 424  21 ')).toBe('424 21');
  });

  it('leaves what is not a Swedish postcode as it came', () => {
    expect(formatPostcode('')).toBe('');
    expect(formatPostcode('1234')).toBe('1234');
    expect(formatPostcode('SW1A 1AA')).toBe('SW1A 1AA');
  });

  it('names an address on one line with the written postcode', () => {
    expect(formatAddress({ street: 'Björkvägen 12', postcode: '42421', city: 'Angered' })).toBe(
      'Björkvägen 12, 424 21 Angered',
    );
  });
});
