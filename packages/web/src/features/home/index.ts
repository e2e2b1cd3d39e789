export { HomeView } from './components/HomeView';
