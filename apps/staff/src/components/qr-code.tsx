import { Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** `text` as a QR code image (an SVG data URL: the CSP allows `data:` images). */
export function QrCode({ text, size = 200, alt }: { text: string; size?: number; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (svg) => active && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => active && setSrc(null),
    );
    return () => {
      active = false;
    };
  }, [text]);
  if (!src) return <Skeleton width={size} height={size} />;
  return <img src={src} width={size} height={size} alt={alt} style={{ background: '#fff' }} />;
}
