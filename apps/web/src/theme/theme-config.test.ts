import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrast, mix } from './contrast';
import { consoleTheme, tagColours } from './theme-config';

/** A token's colour as seen on `background`: antd gives some as rgba(). */
function seenOn(color: string, background: string): string {
  const rgba = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(color);
  if (!rgba) return color;
  const [, r, g, b, alpha] = rgba.map(Number) as [number, number, number, number, number];
  const solid = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return mix(background, solid, alpha);
}

const primaries = ['#1677ff', '#f5222d', '#fa541c', '#faad14', '#13c2c2', '#52c41a', '#2f54eb', '#722ed1', '#ffff00'];

describe.each([false, true])('the console theme (dark: %s)', (dark) => {
  it.each(primaries)('every text pair reads at WCAG AA with the primary colour %s', (primaryColor) => {
    const t = theme.getDesignToken(consoleTheme(dark, primaryColor));
    const surfaces = [t.colorBgContainer, t.colorBgLayout, t.colorBgElevated];
    const pairs: [string, string, string][] = [];
    for (const surface of surfaces) {
      for (const name of [
        'colorPrimary',
        'colorLink',
        'colorError',
        'colorTextTertiary',
        'colorTextPlaceholder',
      ] as const) {
        pairs.push([name, seenOn(t[name], surface), surface]);
      }
    }
    pairs.push(['colorPrimary on colorPrimaryBg', t.colorPrimary, t.colorPrimaryBg]);
    pairs.push(['colorTextLightSolid on colorPrimary', t.colorTextLightSolid, t.colorPrimary]);
    pairs.push(['colorTextLightSolid on colorError', t.colorTextLightSolid, t.colorError]);
    for (const status of ['Success', 'Warning', 'Error', 'Info'] as const) {
      pairs.push([`color${status} on its tag`, t[`color${status}`], t[`color${status}Bg`]]);
    }
    for (const tag of tagColours) {
      pairs.push([`${tag} tag`, t[`${tag}7`], t[`${tag}1`]]);
    }
    const unreadable = pairs
      .map(([name, fg, bg]) => ({ name, fg, bg, ratio: Number(contrast(fg, bg).toFixed(2)) }))
      .filter((pair) => pair.ratio < 4.5);
    expect(unreadable).toEqual([]);
  });
});

it('keeps a colour that already reads as it is', () => {
  expect(consoleTheme(false, '#0958d9').token?.colorPrimary).toBe('#0958d9');
});

it('moves the default blue only as far as it must (darker on white, lighter on black)', () => {
  const light = theme.getDesignToken(consoleTheme(false, '#1677ff')).colorPrimary;
  expect(contrast(light, '#ffffff')).toBeGreaterThanOrEqual(4.6);
  expect(contrast(light, '#ffffff')).toBeLessThan(5.6);
});

it('leaves the animations out only for a visitor who asks for less motion', () => {
  expect(theme.getDesignToken(consoleTheme(false, '#1677ff')).motion).toBe(true);
  expect(theme.getDesignToken(consoleTheme(true, '#1677ff', true)).motion).toBe(false);
});
