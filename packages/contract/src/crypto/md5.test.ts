import { describe, expect, it } from 'vitest';
import { md5, utf8Bytes } from './md5';

describe('md5', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['The quick brown fox jumps over the lazy dog', '9e107d9d372bb6826bd81d3542a419d6'],
    // RFC 1321 test suite: 80 bytes, more than one 64-byte block
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
    // padding boundaries: 55 bytes fit one block, 56 and 64 need a second one
    ['a'.repeat(55), 'ef1772b6dff9a122358552954ad0df65'],
    ['a'.repeat(56), '3b0c8ac703f828b04c6c197006d17218'],
    ['a'.repeat(64), '014842d480b571495a4a0363793f7367'],
    // UTF-8: two- and four-byte characters
    ['中文', 'a7bac2239fcdcb3a067903d8077c4a07'],
    ['😀', '2a02eac39d716a70ecf37579185927b6'],
  ])('hashes %j', (input, digest) => {
    expect(md5(input)).toBe(digest);
  });

  it('hashes bytes like the equivalent string', () => {
    expect(md5(utf8Bytes('abc'))).toBe(md5('abc'));
    expect([...utf8Bytes('é中😀')]).toEqual([0xc3, 0xa9, 0xe4, 0xb8, 0xad, 0xf0, 0x9f, 0x98, 0x80]);
  });
});

describe('UTF-8 at the boundaries of each length', () => {
  it.each([
    ['\u007f', [0x7f]],
    ['\u0080', [0xc2, 0x80]],
    ['\u07ff', [0xdf, 0xbf]],
    ['\u0800', [0xe0, 0xa0, 0x80]],
    ['\uffff', [0xef, 0xbf, 0xbf]],
    ['\u{10000}', [0xf0, 0x90, 0x80, 0x80]],
    ['\u{10ffff}', [0xf4, 0x8f, 0xbf, 0xbf]],
  ])('encodes %j', (text, bytes) => {
    expect([...utf8Bytes(text)]).toEqual(bytes);
  });
});
