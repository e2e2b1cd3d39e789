export { ChartCreation } from './components/ChartCreation';
