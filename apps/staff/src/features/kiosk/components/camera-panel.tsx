import { Button, Group, Paper, Text } from '@mantine/core';
import type { useQrScanner } from '../lib/scanner';

/** The camera reading QR codes (the guardians' and the staff members' own), and its switch. */
export function CameraPanel({
  videoRef,
  camera,
  cameraOn,
  onToggle,
}: {
  videoRef: ReturnType<typeof useQrScanner>['videoRef'];
  camera: ReturnType<typeof useQrScanner>['camera'];
  cameraOn: boolean;
  onToggle: () => void;
}) {
  return (
    <>
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden', background: '#111' }} h={300}>
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="QRコード読み取りカメラ"
          style={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            display: camera === 'on' || camera === 'starting' ? 'block' : 'none',
          }}
        />
        {camera === 'unavailable' && (
          <Text c="white" p="md">
            カメラを使えません。名前をタッチして記録してください。
          </Text>
        )}
        {camera === 'off' && (
          <Text c="white" p="md">
            カメラは止まっています。
          </Text>
        )}
      </Paper>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size="md">
          {camera === 'on' ? 'QRコードをかざしてください' : '名前をタッチして記録'}
        </Text>
        <Button variant="default" onClick={onToggle} style={{ flexShrink: 0 }}>
          {cameraOn ? 'カメラを止める' : 'カメラを使う'}
        </Button>
      </Group>
    </>
  );
}
