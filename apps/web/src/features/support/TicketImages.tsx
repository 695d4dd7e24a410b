import type { TicketImage } from '@edgeward/contract';
import { Image, Skeleton, Typography } from 'antd';
import { useTicketImage } from '../../api/support';
import { useI18n } from '../../i18n';

/** Reads an image as a URL for <img>: the customer's own by default, the operator console passes the staff's. */
export type UseImage = typeof useTicketImage;

function Thumbnail({ image, useImage }: { image: TicketImage; useImage: UseImage }) {
  const { t } = useI18n();
  const src = useImage(image.id);
  if (src.isPending) return <Skeleton.Image active style={{ width: 96, height: 96 }} />;
  if (src.isError) {
    return (
      <Typography.Text type="secondary" style={{ width: 96 }}>
        {t('support.image.loadFailed')}
      </Typography.Text>
    );
  }
  return (
    <Image
      src={src.data}
      width={96}
      height={96}
      style={{ objectFit: 'cover' }}
      alt={t('support.image.alt', { id: image.id })}
      data-testid="ticket-image"
    />
  );
}

/** The images of a ticket or a reply, read with the session (they are served to their owner only). */
export function TicketImages({ images, useImage = useTicketImage }: { images: TicketImage[]; useImage?: UseImage }) {
  if (images.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {images.map((image) => (
          <Thumbnail key={image.id} image={image} useImage={useImage} />
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
