import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('starts with a BOM, ends rows with CRLF and leaves plain fields alone', () => {
    expect(
      toCsv(
        ['Código', 'Nombre'],
        [
          ['K7P2QX', 'Núñez'],
          ['A', null],
        ],
      ),
    ).toBe('\uFEFFCódigo,Nombre\r\nK7P2QX,Núñez\r\nA,\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['a'], [['Calle Mayor, 1'], ['dice "hola"'], ['dos\nlíneas']])).toBe(
      '\uFEFFa\r\n"Calle Mayor, 1"\r\n"dice ""hola"""\r\n"dos\nlíneas"\r\n',
    );
  });

  it('keeps what a spreadsheet would run as a formula as text', () => {
    expect(toCsv(['a'], [['=HYPERLINK("http://x")'], ['+34 SUM(1)'], ['-1'], ['@SUM(A1)']])).toBe(
      '\uFEFFa\r\n"\'=HYPERLINK(""http://x"")"\r\n\'+34 SUM(1)\r\n\'-1\r\n\'@SUM(A1)\r\n',
    );
  });

  it('writes a phone number as a string constant: shown as typed, no apostrophe, nothing else gets in', () => {
    expect(toCsv(['tel'], [['+34600111222']])).toBe('\uFEFFtel\r\n"=""+34600111222"""\r\n');
    // Anything more than + and digits is not a phone: the apostrophe rule, quoted.
    expect(toCsv(['tel'], [['+34600111222")&HYPERLINK("x']])).toBe(
      '\uFEFFtel\r\n"\'+34600111222"")&HYPERLINK(""x"\r\n',
    );
  });

  it('splits on a semicolon for a Spanish office, quoting fields that hold one', () => {
    expect(toCsv(['Código', 'Dirección'], [['K7P2QX', 'Calle Mayor, 1; bajo']], ';')).toBe(
      '\uFEFFCódigo;Dirección\r\nK7P2QX;"Calle Mayor, 1; bajo"\r\n',
    );
  });
});
