import type { SignStatus } from '@home-energy/shared';

/** The BFF's recommended user message in the page's language (Swedish for sv, else English). */
export function localMessage(message: SignStatus['message'], language: string | undefined): string {
  return language?.toLowerCase().startsWith('sv') ? message.sv : message.en;
}
