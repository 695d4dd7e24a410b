// The API key area's door: the authentication of signed calls and the signing section of the API document.
export { type ApiKeyAuthenticator, createApiKeyAuthenticator } from './api-key-auth';
export { signingDocs } from './signing-docs';
