export { EmbeddedGate, type EmbeddedGateProps } from './components/EmbeddedGate';
export { DashboardEmbedModal, type DashboardEmbedModalProps } from './components/DashboardEmbedModal';
export { readEmbeddedBootstrap } from './utils/readEmbeddedBootstrap';
