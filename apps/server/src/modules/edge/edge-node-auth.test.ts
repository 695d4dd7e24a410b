import { describe, expect, it } from 'vitest';
import { parseEdgeNodeTokens } from '../../config';
import { edgeNodeOf } from './edge-node-auth';

const tokenA = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const tokenB = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

describe('edge node tokens', () => {
  it('keeps only hashes and finds the node a bearer token belongs to', () => {
    const nodes = parseEdgeNodeTokens(`edge-1:${tokenA}, edge-2:${tokenB}`);
    expect(nodes.map((n) => n.name)).toEqual(['edge-1', 'edge-2']);
    expect(JSON.stringify(nodes)).not.toContain(tokenA);
    expect(edgeNodeOf(nodes, `Bearer ${tokenB}`)).toBe('edge-2');
    expect(edgeNodeOf(nodes, `bearer ${tokenA}`)).toBe('edge-1');
    expect(edgeNodeOf(nodes, tokenA)).toBeNull();
    expect(edgeNodeOf(nodes, `Bearer ${tokenA}x`)).toBeNull();
    expect(edgeNodeOf(nodes, undefined)).toBeNull();
    expect(edgeNodeOf([], `Bearer ${tokenA}`)).toBeNull();
  });

  it('refuses short tokens, unnamed entries and a name given twice', () => {
    expect(() => parseEdgeNodeTokens('edge-1:short')).toThrow(/shorter than 24/);
    expect(() => parseEdgeNodeTokens(tokenA)).toThrow(/name:token/);
    expect(() => parseEdgeNodeTokens(`e:${tokenA},e:${tokenB}`)).toThrow(/twice/);
    expect(parseEdgeNodeTokens(undefined)).toEqual([]);
  });
});
