import { describe, expect, it } from 'vitest';
import { ticketImageUrl } from './ticket-image-url';

describe('ticketImageUrl', () => {
  it('gives an SVG as a data: URL, never a blob: URL of the console origin', async () => {
    const text = '<svg xmlns="http://www.w3.org/2000/svg"><text>50% #1</text></svg>';
    const url = await ticketImageUrl(new Blob([text], { type: 'image/svg+xml' }));
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(text);
  });

  it('gives raster images as blob: URLs, and anything unnamed as data', async () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif']) {
      expect(await ticketImageUrl(new Blob([new Uint8Array([1, 2])], { type }))).toMatch(/^blob:/);
    }
    expect(await ticketImageUrl(new Blob(['<svg/>'], { type: 'text/html' }))).toMatch(/^data:image\/svg\+xml/);
  });
});
