import { Card, Image, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { useChildren, useExistence } from '../../../lib/children';

/** Quiet zone and pixels per module of the rendered QR (the e2e decodes with the same numbers). */
const QR_MARGIN = 4;
const QR_SCALE = 10;

/** Arrival/pick-up QR codes: one per activated, enrolled child (F §2 "QR page"). */
export function QrPage() {
  const { children, isPending } = useChildren();
  const { existence, isPending: existencePending } = useExistence();
  const enrolled = children.filter((c) => c.pivot.activated === true && c.qr_token && existence.some((e) => e.child_id === c.id));

  return (
    <Page title="登降園QRコード">
      <Text size="sm">登園・降園のときに、施設の読み取り端末にQRコードをかざしてください。</Text>
      <Text size="sm" fw={700}>
        読み取りにくいときは、画面の明るさを最大にしてください。
      </Text>
      {isPending || existencePending ? (
        <Loading />
      ) : enrolled.length === 0 ? (
        <Text size="sm" c="dimmed">
          表示できるQRコードがありません。
        </Text>
      ) : (
        enrolled.map((child) => (
          <Card
            key={child.id}
            withBorder
            radius="md"
            padding="md"
            component="section"
            aria-label={`${child.last_name} ${child.first_name}のQRコード`}
          >
            <Stack align="center" gap={6}>
              <Text fw={700} size="lg">
                {child.last_name} {child.first_name}
              </Text>
              {child.facility_name && (
                <Text size="sm" c="dimmed">
                  {child.facility_name}
                </Text>
              )}
              <QrImage token={child.qr_token} label={`${child.first_name}の登降園QRコード`} />
            </Stack>
          </Card>
        ))
      )}
    </Page>
  );
}

function QrImage({ token, label }: { token: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(token, { errorCorrectionLevel: 'M', margin: QR_MARGIN, scale: QR_SCALE }).then(
      (url) => live && setSrc(url),
    );
    return () => {
      live = false;
    };
  }, [token]);
  if (!src) return <Loading />;
  // About 7 cm wide on a phone: readable by a gate scanner held at arm's length.
  return (
    <Image
      src={src}
      alt={label}
      w={280}
      h={280}
      data-qa="qr"
      data-token-length={token.length}
      style={{ imageRendering: 'pixelated', background: '#fff' }}
    />
  );
}
