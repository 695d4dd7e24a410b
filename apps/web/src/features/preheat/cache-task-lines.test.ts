import { enUS } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { webEnUS } from '../../locales/en-US';
import { lineErrors, serverLineErrors } from './cache-task-lines';

const texts: Record<string, string> = { ...enUS, ...webEnUS };
const t = (key: string, params?: Record<string, string | number>) =>
  (texts[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) =>
    params && name in params ? String(params[name]) : whole,
  );

describe('preheat form lines', () => {
  it('names each bad line with its number and the rule of spec section 5', () => {
    expect(lineErrors('refreshDir', 'http://www.example.com/a/\n\nwww.example.com/b\nftp://x', t)).toEqual([
      "Line 2: Directory refresh URLs end with '/'",
      'Line 3: Refresh URLs start with http://, https:// or www.example.com one per line',
    ]);
    expect(lineErrors('refreshUrl', '  ', t)).toEqual(['Input cannot be empty']);
    expect(lineErrors('preheat', 'www.example.com/a.mp4', t)).toEqual([]);
  });

  it("shows the server's per-line answers the same way", () => {
    const error = { fields: { 'urls.1': 'The domain is not one of your enabled domains' } };
    expect(serverLineErrors(error, t)).toEqual(['Line 2: The domain is not one of your enabled domains']);
  });
});
