import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './md5';
import { hmacSha256, sha256 } from './sha256';

// The comparison with node:crypto over random input is the server's (modules/apikey/signing.test.ts): the contract
// has no Node types.
describe('sha256 and hmacSha256', () => {
  it('match FIPS 180-4 and RFC 4231 vectors', () => {
    expect(sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    // RFC 4231 test cases 2 and 6 (a key longer than the block).
    expect(hmacSha256('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(hmacSha256(new Uint8Array(131).fill(0xaa), 'Test Using Larger Than Block-Size Key - Hash Key First')).toBe(
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    );
  });
});

describe('sha256 and hmacSha256 at the block boundaries', () => {
  // Digests from node:crypto. 55 bytes and the length fit one block, 56 need a second; 64 fill a block exactly;
  // 119 and 120 are the same boundary one block later.
  it.each([
    [55, '9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318'],
    [56, 'b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a'],
    [63, '7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34'],
    [64, 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb'],
    [65, '635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0'],
    [119, '31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb'],
    [120, '2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c'],
  ])('hashes %i bytes', (length, digest) => {
    expect(sha256('a'.repeat(length))).toBe(digest);
    expect(sha256(utf8Bytes('a'.repeat(length)))).toBe(digest);
  });

  it('hashes UTF-8 text', () => {
    expect(sha256('é中😀')).toBe('aabae3418ff6346303d27c710ec789e76a3d57634026fc011ac96be24144615a');
    expect(hmacSha256('密钥', '消息')).toBe('51785c6051c3d60392c441ada800662e64a027761ff96d71237c51da0eb25020');
  });

  it('uses a key of exactly one block as it is, and hashes a longer one first', () => {
    expect(hmacSha256('k'.repeat(64), 'message')).toBe(
      '890f3a16e0ca0aaa3bf180f70fa8e3970b3fd6505e98fde157988dcc19d1685c',
    );
    expect(hmacSha256('k'.repeat(65), 'message')).toBe(
      '0c256505306af48015530c139bb7add5ad7a6a9291cd511278a067e765816fbd',
    );
  });
});

describe('hmacSha256 of bytes', () => {
  it('signs a message given as bytes like the same text', () => {
    const text = 'what do ya want for nothing?';
    expect(hmacSha256('Jefe', utf8Bytes(text))).toBe(hmacSha256('Jefe', text));
    expect(hmacSha256(utf8Bytes('Jefe'), text)).toBe(hmacSha256('Jefe', text));
  });
});
