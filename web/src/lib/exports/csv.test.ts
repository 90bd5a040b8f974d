import { describe, expect, it } from 'vitest';
import { neutraliseCell, toSheet } from './csv';
import { parseCsv } from './test-support';

describe('CSV cells', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('neutralises %j', (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it.each(['Hello', "'=1", ' =1', '', '1-2'])('leaves %j alone', (value) => {
    expect(neutraliseCell(value)).toBe(value);
  });

  it('writes sheets a strict RFC 4180 parser reads back cell for cell', () => {
    const rows = [
      ['a,b', 'say "hi"', 'two\nlines', 'Grüße'],
      [1, '=cmd', '', 'x\r\ny'],
    ];
    const sheet = toSheet(['A', 'B', 'C', 'D'], rows);
    expect(parseCsv(sheet)).toEqual([
      ['A', 'B', 'C', 'D'],
      ['a,b', 'say "hi"', 'two\nlines', 'Grüße'],
      ['1', "'=cmd", '', 'x\r\ny'],
    ]);
  });
});
