import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';

/** A multipart stream over the size limit: the upload's own error, with the spec's text. */
function tooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/** The one file of a multipart upload, read whole (at most the plugin's 1 MB). */
export async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('TICKET_IMAGE_TYPE');
  const file = await request.file();
  if (!file) throw new AppError('TICKET_IMAGE_TYPE');
  try {
    return await file.toBuffer();
  } catch (error) {
    if (tooLarge(error)) throw new AppError('TICKET_IMAGE_TOO_LARGE');
    throw error;
  }
}

/** An image goes back as the type its content was checked to be, in a sandbox that runs nothing. */
export function sendTicketImage(reply: FastifyReply, image: { contentType: string; data: Uint8Array }) {
  return reply
    .header('content-type', image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, max-age=3600')
    .send(image.data);
}
