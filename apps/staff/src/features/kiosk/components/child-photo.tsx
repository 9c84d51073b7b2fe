import { Avatar } from '@mantine/core';
import { usePhoto } from '../lib/photos';

/** A roster photo from the device's copy (offline too); the name's first letter without one. */
export function ChildPhoto({ url, name, size }: { url: string | null; name: string; size: number }) {
  const src = usePhoto(url);
  return (
    <Avatar src={src} alt={src ? `${name}の写真` : undefined} size={size} radius="md" color="brand" variant="filled">
      {name.slice(0, 1)}
    </Avatar>
  );
}
