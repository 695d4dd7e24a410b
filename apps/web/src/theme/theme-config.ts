import { generate, presetPalettes, presetPrimaryColors } from '@ant-design/colors';
import { type ThemeConfig, theme } from 'antd';
import { type ColourPair, withContrast } from './contrast';

/**
 * WCAG 2.2 AA for normal text, with a little room: axe measures blended colours, rounded. antd's default palette
 * misses it (its blue #1677ff is 4.1:1 on white, secondary text 3.4:1, a green tag 2.2:1), so the tokens are moved
 * here, once for every screen, rather than element by element.
 */
const READABLE = 4.6;

interface Look {
  /** The page's surfaces text sits on: container, layout, elevated. */
  surfaces: readonly string[];
  /** Where a colour moves to read better: darker on a light page, lighter on a dark one. */
  toward: string;
  /** antd's palette of a seed colour (its ten steps; step 1 is the tint behind, step 6 the colour itself). */
  palette: (seed: string) => string[];
}

const lightLook: Look = { surfaces: ['#ffffff', '#f5f5f5'], toward: '#000000', palette: (seed) => generate(seed) };
const darkLook: Look = {
  surfaces: ['#141414', '#000000', '#1f1f1f'],
  toward: '#ffffff',
  palette: (seed) => generate(seed, { theme: 'dark' }),
};

/** Text on a solid primary (buttons, the selected step): white on the light page, black on the dark one. */
const solidText = { light: '#ffffff', dark: '#000000' };

/** antd's tag colours whose text step the theme moves (the test checks each). */
export const tagColours = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'red',
  'orange',
  'volcano',
  'geekblue',
  'gold',
  'lime',
] as const;

/**
 * A seed colour's tokens, moved until the colour reads on the page, on its tint and under the text of a solid button.
 * The tint (a selected menu item, a status tag) stays the original colour's: antd derives it from the seed, and a
 * darker seed would bring a greyer, darker tint.
 */
function readable(seed: string, look: Look, onSolid: string, tintStep: number) {
  const palette = look.palette(seed);
  const [tint, tintHover] = [palette[tintStep]!, palette[tintStep + 1]!];
  const text = withContrast(seed, look.toward, READABLE, (candidate) => {
    const derived = look.palette(candidate)[5]!;
    return [...look.surfaces.map((surface): ColourPair => [derived, surface]), [derived, tint], [onSolid, derived]];
  });
  return { text, tint, tintHover };
}

/** antd's tokens of one seed colour (`Primary`, `Success`...) from its readable form. */
function seedTokens(
  name: 'Primary' | 'Info' | 'Success' | 'Warning' | 'Error',
  seed: string,
  look: Look,
  onSolid: string,
) {
  // antd's dark theme puts a selected item on the primary colour's third step, not its first.
  const tintStep = name === 'Primary' && look === darkLook ? 2 : 0;
  const { text, tint, tintHover } = readable(seed, look, onSolid, tintStep);
  return { [`color${name}`]: text, [`color${name}Bg`]: tint, [`color${name}BgHover`]: tintHover };
}

/** A tag's text (palette step 7) moved until it reads on the tag's tint (step 1) and on the page. */
function readableTagTexts(look: Look, dark: boolean): Record<string, string> {
  return Object.fromEntries(
    tagColours.flatMap((key) => {
      const palette = dark ? look.palette(presetPrimaryColors[key]!) : presetPalettes[key]!;
      const text = withContrast(palette[6]!, look.toward, READABLE, (candidate) => [
        [candidate, palette[0]!],
        ...look.surfaces.map((surface): ColourPair => [candidate, surface]),
      ]);
      // antd keeps each step under two names, and its CSS variable (--ant-purple-7) is made from the first.
      return [
        [`${key}7`, text],
        [`${key}-7`, text],
      ];
    }),
  );
}

/**
 * The console's antd theme for a page style (spec section 3): its theme and its primary colour, readable, and without
 * animations for a visitor who asks for less motion.
 */
export function consoleTheme(dark: boolean, primaryColor: string, reducedMotion = false): ThemeConfig {
  const look = dark ? darkLook : lightLook;
  const onSolid = dark ? solidText.dark : solidText.light;
  const primary = seedTokens('Primary', primaryColor, look, onSolid);
  const ink = dark ? '255,255,255' : '0,0,0';
  // antd's 0.45 (descriptions, captions) is 3.4:1 on white; 0.6 reads on the page and on its grey layout.
  const quietText = `rgba(${ink},0.6)`;
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      ...primary,
      colorLink: primary.colorPrimary,
      ...seedTokens('Info', '#1677ff', look, onSolid),
      ...seedTokens('Success', '#52c41a', look, onSolid),
      ...seedTokens('Warning', '#faad14', look, onSolid),
      ...seedTokens('Error', '#ff4d4f', look, onSolid),
      colorTextLightSolid: onSolid,
      colorTextTertiary: quietText,
      colorTextPlaceholder: `rgba(${ink},0.56)`,
      ...readableTagTexts(look, dark),
      borderRadius: 6,
      motion: !reducedMotion,
    },
    components: {
      Layout: { headerPadding: '0 16px' },
      // A tooltip is dark grey in both themes: its text stays white.
      Tooltip: { colorTextLightSolid: '#ffffff' },
      // A table's "No data" is information, not a disabled control: it reads as other quiet text does.
      Table: { colorTextDisabled: quietText },
    },
  };
}
