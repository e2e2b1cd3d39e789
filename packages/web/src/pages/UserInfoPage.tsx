import { Card, Descriptions, Tag } from 'antd';
import { useCurrentUser } from '../features/auth';
import { PageHeader } from '../ui/PageHeader';

/** `/user_info/`: the logged-in user's profile and roles. */
export function UserInfoPage() {
  const { user, roleNames } = useCurrentUser();
  if (!user) return null;
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  return (
    <div data-test="user-info-page">
      <PageHeader title={fullName} subtitle="User info" />
      <Card>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'username', label: 'Username', children: user.username },
            { key: 'email', label: 'Email', children: user.email },
            { key: 'first_name', label: 'First name', children: user.first_name },
            { key: 'last_name', label: 'Last name', children: user.last_name },
            { key: 'active', label: 'Status', children: user.is_active ? 'Active' : 'Inactive' },
            { key: 'login_count', label: 'Login count', children: user.login_count },
            { key: 'roles', label: 'Roles', children: roleNames.map((name) => <Tag key={name}>{name}</Tag>) },
          ]}
        />
      </Card>
    </div>
  );
}
