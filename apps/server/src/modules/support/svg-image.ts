import { SaxesParser, type SaxesTagNS } from 'saxes';

/*
 * Whether an SVG is a picture and nothing else, judged the way a browser reads it: parsed as XML with namespaces,
 * every element and attribute checked against an allow-list by its namespace and local name. A prefix is only a
 * spelling (`<s:script>` is the SVG script element), so only namespaces count. Anything that could run (script,
 * event handlers, animation that rewrites links, HTML in any namespace), load something from outside (links other
 * than #fragment, external style sheets, images other than embedded raster data) or declare entities is refused
 * rather than cleaned, so that what the customer sees is what they sent.
 */

const SVG = 'http://www.w3.org/2000/svg';
const XLINK = 'http://www.w3.org/1999/xlink';
const XML = 'http://www.w3.org/XML/1998/namespace';
const XMLNS = 'http://www.w3.org/2000/xmlns/';

/** Editors' bookkeeping (Inkscape, Sodipodi, RDF metadata): browsers make inert elements of these namespaces. */
const INERT_NAMESPACES = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
]);

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'metadata',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'image',
  'style',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

/** Attributes without a namespace: geometry, presentation, gradients, filters, text. No on*, no href-like others. */
const ATTRIBUTES = new Set(
  `id class style transform viewBox preserveAspectRatio version baseProfile width height x y x1 y1 x2 y2 cx cy r rx ry
  fx fy fr d points pathLength fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap
  stroke-linejoin stroke-miterlimit stroke-dasharray stroke-dashoffset opacity color color-interpolation
  color-interpolation-filters color-rendering shape-rendering text-rendering image-rendering display visibility
  overflow clip clip-path clip-rule mask marker-start marker-mid marker-end markerWidth markerHeight markerUnits refX
  refY orient offset stop-color stop-opacity gradientUnits gradientTransform spreadMethod patternUnits
  patternContentUnits patternTransform clipPathUnits maskUnits maskContentUnits filter filterUnits primitiveUnits
  in in2 result mode type values tableValues slope intercept amplitude exponent operator k1 k2 k3 k4 stdDeviation
  dx dy edgeMode order kernelMatrix divisor bias targetX targetY preserveAlpha surfaceScale diffuseConstant
  specularConstant specularExponent kernelUnitLength lighting-color flood-color flood-opacity scale
  xChannelSelector yChannelSelector radius baseFrequency numOctaves seed stitchTiles azimuth elevation z pointsAtX
  pointsAtY pointsAtZ limitingConeAngle font-family font-size font-size-adjust font-stretch font-style font-variant
  font-weight letter-spacing word-spacing text-anchor text-decoration dominant-baseline alignment-baseline
  baseline-shift writing-mode direction unicode-bidi lengthAdjust textLength rotate startOffset method spacing side
  paint-order vector-effect mix-blend-mode isolation systemLanguage requiredExtensions media`.split(/\s+/),
);

/** Embedded raster pictures only: an <image> of another SVG or of a URL is refused. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;

/*
 * CSS (in <style>, style="" and presentation attributes like fill="url(#g)") may name only fragments of the image
 * itself. At-rules (@import, @font-face), image-set() and src() are refused, and so is any backslash: CSS escapes
 * could spell url( in a way no simple reading sees.
 */
function cssIsInert(value: string): boolean {
  if (/[\\@]|image-set|(?:expression|src)\s*\(/i.test(value)) return false;
  const urls = value.match(/url\s*\(\s*(?:["']\s*)?./gi) ?? [];
  return urls.every((url) => url.endsWith('#'));
}

/** A link inside the image (XML allows no other control characters in a value than the spaces trim() strips). */
function linkIsInert(element: string, value: string): boolean {
  const url = value.trim();
  if (url.startsWith('#')) return true;
  return element === 'image' && DATA_IMAGE.test(url);
}

function attributesAreInert(tag: SaxesTagNS): boolean {
  for (const attribute of Object.values(tag.attributes)) {
    const { uri, local, value } = attribute;
    if (uri === XMLNS || INERT_NAMESPACES.has(uri)) continue;
    if (uri === XML) {
      if (local !== 'space' && local !== 'lang') return false;
      continue;
    }
    if (local === 'href' && (uri === '' || uri === XLINK)) {
      if (!linkIsInert(tag.local, value)) return false;
      continue;
    }
    // An editor's own element is inert, but still carries no handler or link (a browser could grow one).
    const editorOwn = INERT_NAMESPACES.has(tag.uri) && uri === '' && !/^on|href/i.test(local);
    if (!editorOwn && (uri !== '' || !ATTRIBUTES.has(local))) return false;
    if (!cssIsInert(value)) return false;
  }
  return true;
}

function elementIsInert(tag: SaxesTagNS, depth: number): boolean {
  if (INERT_NAMESPACES.has(tag.uri) && depth > 0) return true;
  if (tag.uri !== SVG || !ELEMENTS.has(tag.local)) return false;
  return depth > 0 || tag.local === 'svg';
}

/** True when the text is a well-formed SVG document made only of allowed, inert parts. */
export function svgIsInert(text: string): boolean {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let inert = true;
  let depth = 0;
  let rootSeen = false;
  const openStyles: boolean[] = [];
  let styleText = '';
  const refuse = () => {
    inert = false;
  };
  parser.on('xmldecl', (decl) => {
    // The browser decodes by the declared encoding; only UTF-8, the way it is read here, is accepted.
    if (decl.encoding !== undefined && !/^utf-8$/i.test(decl.encoding)) refuse();
  });
  parser.on('doctype', refuse);
  parser.on('processinginstruction', refuse);
  parser.on('opentag', (tag) => {
    // One root only; a <style> holds text only (text split around a child would escape the check).
    if ((depth === 0 && rootSeen) || openStyles.at(-1)) refuse();
    if (!elementIsInert(tag, depth) || !attributesAreInert(tag)) refuse();
    openStyles.push(tag.uri === SVG && tag.local === 'style');
    if (depth === 0) rootSeen = true;
    depth += 1;
  });
  const onText = (text: string) => {
    if (openStyles.at(-1)) styleText += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (openStyles.pop()) {
      if (!cssIsInert(styleText)) refuse();
      styleText = '';
    }
    depth -= 1;
  });
  try {
    parser.write(text.replace(/^\uFEFF/, '')).close();
  } catch {
    return false;
  }
  return inert && rootSeen;
}
