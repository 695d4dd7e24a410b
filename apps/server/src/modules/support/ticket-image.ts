import { type TicketImageExt, ticketImageTypes } from '@edgeward/contract';
import { fileTypeFromBuffer } from 'file-type';
import { svgIsInert } from './svg-image';

/*
 * Which of the four ticket image types a file is, by its content: the name and the declared type are the sender's
 * word and count for nothing. Anything that is not a known raster type must be an SVG that svgIsInert accepts.
 */

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
  // Not UTF-8 text (a replacement character appeared) or not a plain SVG: none of the four types.
  if (text.includes('\uFFFD') || !svgIsInert(text)) return { refused: 'type' };
  return { ext: 'svg' };
}
