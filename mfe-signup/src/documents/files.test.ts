import { describe, expect, it } from 'vitest';
import { allPresent, formatMegabytes, hasAcceptedExtension } from './files';

describe('document files', () => {
  it.each([
    ['dni.PDF', true],
    ['front.jpeg', true],
    ['front.jpg', true],
    ['scan.png', true],
    ['scan.gif', false],
    ['pdf', false],
    ['archive.pdf.exe', false],
  ])('%s accepted: %s', (name, accepted) => {
    expect(hasAcceptedExtension(name)).toBe(accepted);
  });

  it('shows the size in MB with two decimals per language', () => {
    expect(formatMegabytes(1_572_864, 'es')).toBe('1,50');
    expect(formatMegabytes(1_572_864, 'en')).toBe('1.50');
    expect(formatMegabytes(10_000, 'en')).toBe('0.01');
  });

  it('needs all three documents', () => {
    expect(allPresent({ frontId: 'a', backId: 'b' })).toBe(false);
    expect(allPresent({ frontId: 'a', backId: 'b', bankDocument: 'c' })).toBe(true);
  });
});
