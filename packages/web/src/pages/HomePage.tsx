import { HomeView } from '../features/home';

/** `/superset/welcome/`. */
export function HomePage() {
  return <HomeView />;
}
