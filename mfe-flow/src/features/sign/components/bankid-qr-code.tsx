import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The QR library, loaded with the first QR code so that other pages of the flow do not carry it. */
let qrcode: Promise<typeof import('qrcode')> | null = null;

async function qrImageSource(data: string): Promise<string> {
  qrcode ??= import('qrcode');
  const svg = await (await qrcode).toString(data, { type: 'svg', margin: 1, errorCorrectionLevel: 'L' });
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/**
 * The animated BankID QR code: `data` changes every second and the image follows. The previous image stays until
 * the next is drawn, so it does not flicker.
 */
export function BankIdQrCode({ data }: { data: string }) {
  const { t } = useTranslation('flow');
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    qrImageSource(data).then(
      (src) => {
        if (current) setImage(src);
      },
      (error: unknown) => console.error('[sign] could not draw the BankID QR code', error),
    );
    return () => {
      current = false;
    };
  }, [data]);

  if (!image) return <div style={{ width: 240, height: 240 }} aria-hidden="true" />;
  return (
    <img src={image} alt={t('sign.qrAlt')} width={240} height={240} style={{ display: 'block', margin: '0 auto' }} />
  );
}
