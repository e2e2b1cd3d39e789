import { Avatar, Tooltip } from 'antd';
import type { UserRef } from '@tessera/core';
import { userName } from '../../charts';

const initials = (user: Pick<UserRef, 'first_name' | 'last_name'>) =>
  `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() || '?';

/** Owners as a pile of initials (Superset's FacePile); each names its owner on hover, the overflow in a "+n" bubble. */
export function OwnerAvatars({ owners, max = 4 }: { owners: readonly UserRef[]; max?: number }) {
  if (owners.length === 0) return null;
  return (
    <Avatar.Group max={{ count: max }} size="small" data-test="owner-avatars">
      {owners.map((owner) => (
        <Tooltip key={owner.id} title={userName(owner)}>
          <Avatar size="small" aria-label={userName(owner)} style={{ backgroundColor: '#1677ff' }}>
            {initials(owner)}
          </Avatar>
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}
