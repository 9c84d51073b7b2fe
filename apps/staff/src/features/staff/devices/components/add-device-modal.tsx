import { Button, Group, Modal, Radio, Select, Stack, TextInput } from '@mantine/core';
import { FormActions } from '../../../../components/form-actions';
import { useState, type FormEvent } from 'react';
import { postStaffDevice, type DevicePurpose } from '@renraku/contract/staff';
import { FormError } from '../../../../components/form-error';
import { validate, type FieldErrors } from '../../../../lib/validate';
import { useAddDevice, useClassesForDevices } from '../api';
import { PairingCode } from './pairing-code';

/** 「端末を追加」: the tablet's name, its use (a class's tablet or the gate kiosk) and, for a class's, optionally its class; then its pairing code. */
export function AddDeviceModal({ facilityId, opened, onClose }: { facilityId: number; opened: boolean; onClose: () => void }) {
  const add = useAddDevice(facilityId);
  const classes = useClassesForDevices(facilityId);
  const [name, setName] = useState('');
  const [classId, setClassId] = useState<string | null>(null);
  const [purpose, setPurpose] = useState<DevicePurpose>('class');
  const [errors, setErrors] = useState<FieldErrors>({});

  const close = () => {
    onClose();
    add.reset();
    setName('');
    setClassId(null);
    setPurpose('class');
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(postStaffDevice.body!, {
      name,
      class_id: classId && purpose === 'class' ? Number(classId) : null,
      purpose,
    });
    setErrors(checked.errors ?? {});
    if (checked.data) add.mutate(checked.data);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={add.data ? 'ペアリングコード' : '端末を追加'}
      size="lg"
      closeButtonProps={{ 'aria-label': '閉じる' }}
    >
      {add.data ? (
        <Stack gap="md">
          <PairingCode deviceName={add.data.device.name} code={add.data.code} expiresAt={add.data.expires_at} />
          <Group justify="flex-end">
            <Button onClick={close}>閉じる</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormError error={add.error} />
            <TextInput
              label="端末名"
              description="例: ひよこ組タブレット"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              maxLength={30}
              required
              data-autofocus
            />
            <Radio.Group
              label="用途"
              value={purpose}
              onChange={(value) => setPurpose(value === 'kiosk' ? 'kiosk' : 'class')}
              error={errors.purpose}
            >
              <Group gap="lg" mt={6}>
                <Radio value="class" label="クラス用" />
                <Radio value="kiosk" label="ゲート（登降園）用" />
              </Group>
            </Radio.Group>
            {purpose === 'class' && (
              <Select
                label="クラス"
                placeholder="指定しない"
                description="クラスのタブレットにするときに選びます"
                data={(classes.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={classId}
                onChange={setClassId}
                clearable
                clearButtonProps={{ 'aria-label': 'クラスの選択を消す' }}
                error={errors.class_id}
              />
            )}
            <FormActions submit="追加してコードを発行" pending={add.isPending} onCancel={close} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
