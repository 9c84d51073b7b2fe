import { Button } from '@mantine/core';
import { useState } from 'react';
import { showSuccess } from '../../components/alerts';
import { useLockDevice, useSignOut } from '../../lib/session-actions';

/** ログアウト on a desktop; ロック on a paired tablet (back to the PIN pad, the device stays paired). */
export function SessionButton({ onDevice }: { onDevice: boolean }) {
  const { signOut, pending } = useSignOut();
  const lock = useLockDevice();
  const [locking, setLocking] = useState(false);
  if (onDevice) {
    return (
      <Button
        variant="filled"
        loading={locking}
        onClick={() => {
          setLocking(true);
          void lock();
        }}
      >
        ロック
      </Button>
    );
  }
  return (
    <Button variant="default" loading={pending} onClick={() => void signOut().then(() => showSuccess('ログアウトしました'))}>
      ログアウト
    </Button>
  );
}
