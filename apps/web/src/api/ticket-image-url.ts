/** The raster types a blob: URL may carry: opened on its own, such a document is a picture and runs nothing. */
const RASTER = /^image\/(?:png|jpeg|gif)$/;

/**
 * The URL a ticket image is shown from. A blob: URL is a document of the console's own origin when opened on its
 * own ("open image in new tab"), so an SVG, which is a document that could hold script, becomes a data: URL instead,
 * whose document has an origin of its own; in an <img> both only draw.
 */
export async function ticketImageUrl(blob: Blob): Promise<string> {
  if (RASTER.test(blob.type)) return URL.createObjectURL(blob);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await blob.text())}`;
}
