/**
 * Where an upstream credential is used and the states it moves through (collectors/credentials.ts keeps them; the
 * admin calls of contract/ list and change them).
 */
export const CREDENTIAL_SOURCES = ['mp', 'weread', 'client', 'finder', 'paid'] as const;
export type CredentialSource = (typeof CREDENTIAL_SOURCES)[number];
export const CREDENTIAL_STATES = ['active', 'cooling', 'expired', 'disabled', 'banned'] as const;
export type CredentialState = (typeof CREDENTIAL_STATES)[number];
