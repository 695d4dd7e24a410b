const browsers: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
];

const systems: [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows\b/],
  ['Android', /\bAndroid\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['macOS', /\bMac OS X\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Linux', /\bLinux\b/],
];

/**
 * A short, readable name for a user agent ("Chrome 126 · Windows"); the raw string stays available for a tooltip.
 * Programs that are not browsers keep their own first product token ("curl/8.5.0"). Empty input gives undefined.
 */
export function describeUserAgent(userAgent: string | null | undefined): string | undefined {
  const ua = userAgent?.trim();
  if (!ua) return undefined;
  const browser = browsers.map(([name, re]) => [name, re.exec(ua)?.[1]] as const).find(([, version]) => version);
  const system = systems.find(([, re]) => re.test(ua))?.[0];
  if (browser) return [`${browser[0]} ${browser[1]}`, system].filter(Boolean).join(' · ');
  return ua.split(' ')[0];
}
