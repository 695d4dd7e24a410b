import { type TicketImageExt, ticketImageTypes } from '@edgeward/contract';
import { fileTypeFromBuffer } from 'file-type';

/*
 * Which of the four ticket image types a file is, by its content: the name and the declared type are the sender's
 * word and count for nothing. An SVG is XML text whose root element is <svg>; one that could run anything when opened
 * on its own (script, event handlers, javascript: or other external links, embedded HTML, entity declarations) is
 * refused rather than cleaned, so that what the customer sees is what they sent.
 */

const SVG_ROOT =
  /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg[^>[]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;
const SVG_ACTIVE = [
  /<\s*script/i,
  /\son[a-z]+\s*=/i,
  /javascript\s*:/i,
  /<\s*foreignObject/i,
  /<\s*(?:iframe|embed|object|handler|listener)/i,
  /<!ENTITY/i,
  /\[\s*<!/, // an internal DTD subset
  // Links and references may only point inside the image (#id).
  /\bhref\s*=\s*(?:"\s*(?!#)|'\s*(?!#)|(?!["'#]))/i,
  /&#/, // character references could spell any of the above
  /@import|url\s*\(\s*(?:"\s*(?!#)|'\s*(?!#)|(?!["'#\s]))/i,
];

export type ImageVerdict = { ext: TicketImageExt } | { refused: 'type' };

export async function ticketImageType(data: Buffer): Promise<ImageVerdict> {
  const detected = await fileTypeFromBuffer(data);
  // An SVG with an XML declaration is detected as xml: it is looked at as text below.
  if (detected && detected.ext !== 'xml') {
    return Object.hasOwn(ticketImageTypes, detected.ext) && detected.ext !== 'svg'
      ? { ext: detected.ext as TicketImageExt }
      : { refused: 'type' };
  }
  const text = data.toString('utf8');
  // Not UTF-8 text (a replacement character appeared) or no <svg> root: none of the four types.
  if (text.includes('\uFFFD') || !SVG_ROOT.test(text)) return { refused: 'type' };
  if (SVG_ACTIVE.some((pattern) => pattern.test(text))) return { refused: 'type' };
  return { ext: 'svg' };
}
