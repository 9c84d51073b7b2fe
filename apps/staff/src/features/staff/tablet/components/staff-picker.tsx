import { Button, SimpleGrid, Text } from '@mantine/core';

interface Person {
  id: number;
  name: string;
}

/** The staff who may unlock this tablet, as big name buttons. */
export function StaffPicker({ staff, onPick }: { staff: Person[]; onPick: (person: Person) => void }) {
  if (staff.length === 0) {
    return (
      <Text ta="center">
        この端末を使える職員がいません。職員室のパソコンの「設定」でPINを設定してから、もう一度お試しください。
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
      {staff.map((person) => (
        <Button key={person.id} variant="default" h={80} fz="lg" onClick={() => onPick(person)}>
          {person.name}
        </Button>
      ))}
    </SimpleGrid>
  );
}
