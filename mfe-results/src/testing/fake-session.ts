// Shared by the remotes' tests: shared/testing/fake-session.ts.
export * from '@home-energy/shared/testing/fake-session';
