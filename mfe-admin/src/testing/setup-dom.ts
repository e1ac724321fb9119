// Shared by the remotes' tests: shared/testing/setup-dom.ts.
export * from '@home-energy/shared/testing/setup-dom';
