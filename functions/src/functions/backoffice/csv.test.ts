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
    expect(toCsv(['a'], [['=HYPERLINK("http://x")'], ['+34600111222'], ['-1'], ['@SUM(A1)']])).toBe(
      '\uFEFFa\r\n"\'=HYPERLINK(""http://x"")"\r\n\'+34600111222\r\n\'-1\r\n\'@SUM(A1)\r\n',
    );
  });
});
