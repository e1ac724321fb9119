// Shared by the remotes' tests: shared/testing/queued-bff.ts.
export * from '@home-energy/shared/testing/queued-bff';
