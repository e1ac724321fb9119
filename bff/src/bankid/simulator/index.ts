export * from '../qr';
export * from './simulator';
export {
  createBankIdSimulatorApp,
  startBankIdSimulator,
  RP_API_PATH,
  SIMULATOR_PATH,
  type BankIdSimulatorApp,
  type BankIdSimulatorAppOptions,
  type RunningBankIdSimulator,
  type StartBankIdSimulatorOptions,
} from './app';
export { validateStartRequest, type BankIdRequirement, type WebData, type AppData } from './validation';
