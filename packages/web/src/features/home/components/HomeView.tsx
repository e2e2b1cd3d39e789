import { Typography } from 'antd';
import { useCurrentUser } from '../../auth';
import { DatabaseOverview } from './DatabaseOverview';
import { LatestObjects } from './LatestObjects';
import { WelcomeCards } from './WelcomeCards';

/** The welcome page: greeting, shortcuts, the latest dashboards and charts, and the list of databases. */
export function HomeView() {
  const { user } = useCurrentUser();
  const name = user ? user.first_name || user.username : '';
  return (
    <div data-test="home-page">
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {name ? `Welcome, ${name}!` : 'Welcome!'}
      </Typography.Title>
      <Typography.Paragraph type="secondary">Pick up where you left off, or start something new.</Typography.Paragraph>
      <WelcomeCards />
      <LatestObjects />
      <DatabaseOverview />
    </div>
  );
}
