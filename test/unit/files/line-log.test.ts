import { describe, expect, it } from 'vitest';
import { checksumLine, parseLines, verifiedJson } from '../../../main/files/line-log';

const text = '{"receiver":"Åsa Öberg","city":"Göteborg","note":"€ 12, ½ kg"}';

describe('checksummed lines', () => {
  it('read back as written, whatever characters the JSON holds', () => {
    const line = Buffer.from(checksumLine(text), 'utf8');
    expect(verifiedJson(line.subarray(0, -1))).toBe(text);
    const { values, badChunks } = parseLines(
      Buffer.concat([line, line]),
      (json) => JSON.parse(json) as unknown,
    );
    expect(values).toEqual([JSON.parse(text), JSON.parse(text)]);
    expect(badChunks).toEqual([]);
  });

  it('fail their checksum when one byte of a multi-byte character changed', () => {
    const line = Buffer.from(checksumLine(text), 'utf8');
    const changed = Buffer.from(line);
    const at = changed.indexOf(Buffer.from('Å', 'utf8')) + 1;
    changed[at] = changed[at]! ^ 0x01;
    expect(verifiedJson(changed.subarray(0, -1))).toBeUndefined();
    const { values, badChunks } = parseLines(
      Buffer.concat([line, changed]),
      (json) => JSON.parse(json) as unknown,
    );
    expect(values).toEqual([JSON.parse(text)]);
    expect(badChunks).toEqual([changed]);
  });

  it('are refused without their checksum field, torn, or with the field out of place', () => {
    const line = Buffer.from(checksumLine(text), 'utf8').subarray(0, -1);
    expect(verifiedJson(line.subarray(0, 8))).toBeUndefined();
    expect(verifiedJson(line.subarray(0, line.length - 3))).toBeUndefined();
    expect(verifiedJson(Buffer.concat([Buffer.from(' '), line]))).toBeUndefined();
    expect(verifiedJson(Buffer.from(text, 'utf8'))).toBeUndefined();
  });
});
