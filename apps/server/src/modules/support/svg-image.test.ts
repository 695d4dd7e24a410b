import { describe, expect, it } from 'vitest';
import { svgIsInert } from './svg-image';

const svg = (body: string, attributes = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"${attributes}>${body}</svg>`;
const XLINK = ' xmlns:xlink="http://www.w3.org/1999/xlink"';

describe('svgIsInert', () => {
  it.each([
    [
      'a prefixed SVG script',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>',
    ],
    [
      'a prefixed foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:foreignObject><p xmlns="http://www.w3.org/1999/xhtml">x</p></s:foreignObject></svg>',
    ],
    [
      'an XHTML script under a prefix',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></svg>',
    ],
    ['a script', svg('<script>alert(1)</script>')],
    [
      'a script in a default namespace set on a child',
      svg('<g><script xmlns="http://www.w3.org/2000/svg">1</script></g>'),
    ],
    ['an unprefixed foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"/></foreignObject>')],
    ['an HTML iframe', svg('<iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/>')],
    ['a MathML element', svg('<math xmlns="http://www.w3.org/1998/Math/MathML"/>')],
    ['an element of an unknown namespace', svg('<x:y xmlns:x="urn:x"/>')],
    ['an onload handler', svg('<rect width="1" height="1"/>', ' onload="alert(1)"')],
    ['an onclick handler on a child', svg('<circle r="1" onclick="alert(1)"/>')],
    ['a handler in a namespace', svg('<circle r="1" x:onclick="alert(1)" xmlns:x="urn:x"/>')],
    ['an xlink:href to javascript:', svg('<a xlink:href="javascript:alert(1)"><text>x</text></a>', XLINK)],
    ['a character-referenced javascript: link', svg('<use xlink:href="&#106;avascript:alert(1)"/>', XLINK)],
    ['a link element', svg('<a href="#x"><text>x</text></a>')],
    ['an animation that sets a link', svg('<set attributeName="href" to="javascript:alert(1)"/>')],
    ['an animate element', svg('<rect width="1" height="1"><animate attributeName="x" to="5"/></rect>')],
    ['a use of an outside file', svg('<use href="https://evil.example/s.svg#x"/>')],
    ['a use of an outside file through xlink', svg('<use xlink:href="//evil.example/s.svg#x"/>', XLINK)],
    ['an image from a URL', svg('<image href="https://evil.example/x.png"/>')],
    ['an image of an embedded SVG', svg('<image href="data:image/svg+xml;base64,PHN2Zy8+"/>')],
    ['an feImage', svg('<filter id="f"><feImage href="#x"/></filter>')],
    ['a style sheet import', svg('<style>@import url(https://evil.example/x.css);</style>')],
    ['a style url() outside', svg('<style>rect { fill: url("https://evil.example/p.svg#x") }</style>')],
    ['a CSS escape', svg('<style>rect { fill: u\\72l(https://evil.example/p) }</style>')],
    ['a font face', svg('<style>@font-face { font-family: x; src: local(x) }</style>')],
    ['a presentation url() outside', svg('<rect fill="url(https://evil.example/p.svg#x)" width="1" height="1"/>')],
    ['a style attribute url() outside', svg('<rect style="fill:url(//evil.example/p#x)" width="1" height="1"/>')],
    ['CSS split around a child of <style>', svg('<style>@imp<g/>ort url(https://evil.example/x.css);</style>')],
    ['a DOCTYPE', '<!DOCTYPE svg>\n<svg xmlns="http://www.w3.org/2000/svg"/>'],
    [
      'an entity expansion',
      '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
    ],
    ['an undeclared entity', svg('<text>&lol;</text>')],
    ['a style sheet processing instruction', `<?xml-stylesheet href="https://evil.example/x.css"?>${svg('')}`],
    ['another declared encoding', '<?xml version="1.0" encoding="UTF-16"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['an <svg> root without the SVG namespace', '<svg><circle r="1"/></svg>'],
    ['an HTML root', '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'],
    ['a root other than <svg>', '<g xmlns="http://www.w3.org/2000/svg"/>'],
    ['markup that is not well-formed', svg('<g><rect></g>')],
    ['a second root', `${svg('')}<svg xmlns="http://www.w3.org/2000/svg"/>`],
    ['an unbound prefix', svg('<s:script>1</s:script>')],
    ['plain text', 'just some text'],
  ])('refuses %s', (_, text) => {
    expect(svgIsInert(text)).toBe(false);
  });

  // Each input below breaks exactly one rule of svgIsInert, so weakening that rule alone lets it through.
  const SODIPODI = ' xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"';
  it.each([
    ['foreignObject, off the element allow-list', svg('<foreignObject width="1" height="1"/>')],
    ['script, off the element allow-list', svg('<script/>')],
    ['an element outside the SVG namespace', svg('<circle xmlns="urn:x" r="1"/>')],
    ['an editor element as the root', `<sodipodi:namedview${SODIPODI}/>`],
    ['an SVG element other than <svg> as the root', '<circle xmlns="http://www.w3.org/2000/svg" r="1"/>'],
    ['an attribute off the allow-list', svg('<rect width="1" height="1" onload="alert(1)"/>')],
    ['an allowed attribute name in another namespace', svg('<circle r="1" x:fill="red" xmlns:x="urn:x"/>')],
    ['an xml: attribute other than space and lang', svg('<g xml:base="https://evil.example/"/>')],
    ['a handler on an editor element', svg(`<sodipodi:namedview${SODIPODI} onload="alert(1)"/>`)],
    ['a link-like attribute on an editor element', svg(`<sodipodi:namedview${SODIPODI} HREF="javascript:alert(1)"/>`)],
    ['a link to outside the image', svg('<use href="https://evil.example/s.svg#x"/>')],
    ['an xlink link to outside the image', svg('<use xlink:href="https://evil.example/s.svg#x"/>', XLINK)],
    ['embedded raster data on an element other than <image>', svg('<use href="data:image/png;base64,AAAA"/>')],
    ['a backslash in CSS', svg('<style>rect { fill: red\\9 }</style>')],
    ['an at-rule without url()', svg('<style>@import "https://evil.example/x.css";</style>')],
    ['image-set() in CSS', svg('<rect style="fill: image-set(&quot;x.png&quot; 1x)" width="1" height="1"/>')],
    ['expression() in CSS', svg('<rect style="width: expression(alert(1))" height="1"/>')],
    ['src() in CSS', svg('<style>rect { fill: src("https://evil.example/p") }</style>')],
    ['a url() in a style sheet that is not a fragment', svg('<style>rect { fill: url(p.svg) }</style>')],
    ['a url() in an attribute that is not a fragment', svg('<rect fill="url( \'p.svg#x\')" width="1" height="1"/>')],
    ['an element inside <style>', svg('<style>rect { fill: red }<g/></style>')],
    ['a DOCTYPE alone', '<!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['a processing instruction alone', svg('<?pi x?>')],
    [
      'a declared encoding other than UTF-8',
      '<?xml version="1.0" encoding="ISO-8859-1"?><svg xmlns="http://www.w3.org/2000/svg"/>',
    ],
    ['no root at all', '<?xml version="1.0"?>'],
    [
      'expression() with a space before the parenthesis',
      svg('<rect style="width: expression (alert(1))" height="1"/>'),
    ],
    ['src() with a space before the parenthesis', svg('<style>rect { fill: src ("https://evil.example/p") }</style>')],
    ['url() with a space before the parenthesis', svg('<rect fill="url (https://evil.example/p#x)" width="1"/>')],
    ['an href of an unknown namespace, even to a fragment', svg('<use x:href="#c" xmlns:x="urn:x"/>')],
    ['an unknown attribute without a namespace', svg('<rect data-x="1" width="1" height="1"/>')],
    [
      'an attribute of an unknown namespace on an editor element',
      svg(`<sodipodi:namedview${SODIPODI} x:a="1" xmlns:x="urn:x"/>`),
    ],
    [
      'an encoding that ends in utf-8',
      '<?xml version="1.0" encoding="x-utf-8"?><svg xmlns="http://www.w3.org/2000/svg"/>',
    ],
    [
      'an encoding that starts with utf-8',
      '<?xml version="1.0" encoding="UTF-8x"?><svg xmlns="http://www.w3.org/2000/svg"/>',
    ],
    ['an element inside a <style> deeper down', svg('<g><g><style>rect { fill: red }<g/></style></g></g>')],
    ['an import in a <style> deeper down', svg('<g><style>@import url(https://evil.example/x.css);</style></g>')],
    ['an import in CDATA', svg('<style><![CDATA[@import url(https://evil.example/x.css);]]></style>')],
    ['a byte-order mark inside the root name', '<svg\uFEFF xmlns="http://www.w3.org/2000/svg"/>'],
    ['raster data after a URL', svg('<image href="https://evil.example/x#data:image/png;base64,AAAA"/>')],
    ['raster data followed by more than base64', svg('<image href="data:image/png;base64,AAAA!x"/>')],
  ])('refuses %s', (_, text) => {
    expect(svgIsInert(text)).toBe(false);
  });

  it.each([
    ['an xml:lang and an xml:space', svg('<text xml:lang="en" xml:space="preserve">x</text>')],
    ['a fragment link with spaces around it', svg('<use href="  #c "/><use xlink:href="#c"/>', XLINK)],
    [
      'every embedded raster type',
      svg(['png', 'jpeg', 'gif', 'webp'].map((t) => `<image href="data:image/${t};base64,AA=="/>`).join('')),
    ],
    [
      'fragments in url() with and without quotes',
      svg('<style>a { fill: url( "#g") } b { fill: url(#h) }</style><rect fill="url(\'#g\')" width="1" height="1"/>'),
    ],
    ['an editor attribute on an editor element', svg(`<sodipodi:namedview${SODIPODI} pagecolor="#fff"/>`)],
    [
      'an editor attribute with "on" inside its name',
      svg(`<sodipodi:guide${SODIPODI} orientation="0,1" position="5,5"/>`),
    ],
    ['an XML declaration without an encoding', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['text with an at sign before a style sheet', svg('<text>ops@example.com</text><style>rect { fill: red }</style>')],
    ['an editor element named style, whose text is no CSS', svg(`<sodipodi:style${SODIPODI}>@x</sodipodi:style>`)],
    ['raster data wrapped over lines', svg('<image href="data:image/png;base64,AAAA\n  BBBB=="/>')],
  ])('accepts %s', (_, text) => {
    expect(svgIsInert(text)).toBe(true);
  });

  // The elements a drawing program writes: refusing one would turn away an ordinary picture.
  it.each(
    `g defs symbol use title desc metadata switch path rect circle ellipse line polyline polygon text tspan textPath
    linearGradient radialGradient stop pattern clipPath mask marker image style filter feBlend feColorMatrix
    feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight feDropShadow
    feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feMerge feMergeNode feMorphology feOffset fePointLight
    feSpecularLighting feSpotLight feTile feTurbulence`.split(/\s+/),
  )('accepts a <%s>', (element) => {
    expect(svgIsInert(svg(`<${element}/>`))).toBe(true);
  });

  it('takes a real icon: paths, gradients, text, fragments, embedded raster, editor metadata', () => {
    const icon = `\uFEFF<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
  xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
  xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
  xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/"
  width="24" height="24" viewBox="0 0 24 24" version="1.1" inkscape:version="1.2">
  <sodipodi:namedview id="nv" pagecolor="#ffffff" inkscape:zoom="8"/>
  <metadata><rdf:RDF><dc:title>Cloud</dc:title></rdf:RDF></metadata>
  <title>Cloud</title>
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1" gradientUnits="objectBoundingBox">
      <stop offset="0" stop-color="#3b82f6"/><stop offset="1" style="stop-color:#1e40af;stop-opacity:1"/>
    </linearGradient>
    <radialGradient id="r" xlink:href="#g" cx="12" cy="12" r="8"/>
    <filter id="s"><feGaussianBlur in="SourceAlpha" stdDeviation="1"/><feOffset dx="0" dy="1"/></filter>
    <clipPath id="c"><rect width="24" height="24" rx="4"/></clipPath>
  </defs>
  <style><![CDATA[ .st0 { fill: url(#g); stroke: #fff } .st1 { font: bold 6px sans-serif } ]]></style>
  <g clip-path="url(#c)" inkscape:label="Layer 1" inkscape:groupmode="layer">
    <path class="st0" d="M6 19a4 4 0 0 1 0-8 6 6 0 0 1 11.3-1.9A4.5 4.5 0 1 1 18 19z" filter="url(#s)"/>
    <circle cx="12" cy="12" r="2" fill="url('#r')"/>
    <use href="#c" x="1"/>
    <text x="12" y="22" class="st1" text-anchor="middle" xml:space="preserve">CDN &amp; <tspan dy="1">edge</tspan></text>
    <image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/>
  </g>
</svg>
`;
    expect(svgIsInert(icon)).toBe(true);
    expect(svgIsInert('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(true);
    expect(svgIsInert('<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:circle r="1"/></s:svg>')).toBe(true);
  });
});
