import type { UserRef } from '@tessera/core';

export const userName = (user: Pick<UserRef, 'first_name' | 'last_name'>) => `${user.first_name} ${user.last_name}`.trim();
