export { AdminGate, type AdminGateProps, sampleAdminEmail } from './AdminGate';
