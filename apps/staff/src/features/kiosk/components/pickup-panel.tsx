import { Button, Group, SimpleGrid, Text, TextInput, UnstyledButton } from '@mantine/core';
import { KioskDialog } from './kiosk-dialog';
import { useState, type FormEvent } from 'react';
import { ChildPhoto } from './child-photo';
import type { Pickup, RosterChild } from '../lib/types';

/**
 * 降園: who came for the child. The registered pick-up persons with their photos and the guardians,
 * one touch each, or the one-time code the main guardian issued for a substitute.
 */
export function PickupPanel({
  child,
  onChoose,
  onCode,
  onCancel,
}: {
  child: RosterChild;
  onChoose: (pickup: Pickup, by: string) => void;
  /** Checks the code on the device; answers an error message, or null once recorded. */
  onCode: (code: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    setError(await onCode(code));
    setChecking(false);
  };

  return (
    <KioskDialog title={`${child.name}さんの降園`} size={880} onClose={onCancel} error={error}>
      <Group gap="md" wrap="nowrap">
        <ChildPhoto url={child.photo_url} name={child.name} size={96} />
        <Text size="lg" fw={700}>
          お迎えに来た方を選んでください
        </Text>
      </Group>
      {child.pickup_persons.length > 0 && (
        <section aria-label="お迎え登録者">
          <Text fw={700} mb={6}>
            お迎え登録者
          </Text>
          <SimpleGrid cols={3} spacing="sm">
            {child.pickup_persons.map((person) => (
              <UnstyledButton
                key={person.id}
                onClick={() => onChoose({ type: 'person', pickup_person_id: person.id }, person.name)}
                p="sm"
                style={{ border: '2px solid var(--mantine-color-gray-5)', borderRadius: 12, minHeight: 88 }}
              >
                <Group gap="sm" wrap="nowrap">
                  <ChildPhoto url={person.photo_url} name={person.name} size={72} />
                  <div>
                    <Text fw={700} size="lg">
                      {person.name}
                    </Text>
                    <Text size="sm">{person.relation}</Text>
                  </div>
                </Group>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </section>
      )}
      <section aria-label="保護者">
        <Text fw={700} mb={6}>
          保護者
        </Text>
        <Group gap="sm">
          {child.guardians.map((g) => (
            <Button
              key={`${g.name}-${g.relation}`}
              size="lg"
              variant="default"
              onClick={() => onChoose({ type: 'guardian' }, g.name)}
            >
              {g.name}
              {g.relation ? `（${g.relation}）` : ''}
            </Button>
          ))}
          {child.guardians.length === 0 && (
            <Button size="lg" variant="default" onClick={() => onChoose({ type: 'guardian' }, '保護者')}>
              保護者
            </Button>
          )}
        </Group>
      </section>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Group align="end" gap="sm">
          <TextInput
            label="お迎えコード（6桁）"
            description="保護者が代理の方のために発行したコード"
            inputMode="numeric"
            autoComplete="off"
            size="lg"
            w={320}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            styles={{ input: { letterSpacing: '0.2em', fontFamily: 'monospace' } }}
          />
          <Button type="submit" size="lg" loading={checking}>
            コードで確認
          </Button>
        </Group>
      </form>
    </KioskDialog>
  );
}
