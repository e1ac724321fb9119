import { toCsv } from '../csv';

describe('CSV export', () => {
  it('quotes what needs it, keeps numbers raw, ends lines with CRLF', () => {
    expect(
      toCsv(
        ['Name', 'Count'],
        [
          ['Storgatan 1, Stockholm', 12000],
          ['Say "hi"', 0],
          [null, 1.5],
        ],
      ),
    ).toBe('Name,Count\r\n"Storgatan 1, Stockholm",12000\r\n"Say ""hi""",0\r\n,1.5\r\n');
  });

  it('does not let a cell run as a spreadsheet formula', () => {
    expect(toCsv(['x'], [['=HYPERLINK("http://evil")'], ['+1'], ['-2'], ['@sum'], [-3]])).toBe(
      'x\r\n"\'=HYPERLINK(""http://evil"")"\r\n\'+1\r\n\'-2\r\n\'@sum\r\n-3\r\n',
    );
  });
});
